import type { ReactNode } from 'react';

export interface DocumentProps {
  title: string;
  description: string;
  canonical: string;
  image: string;
  siteName: string;
  locale: string;
  jsonLd: object;
  nonce: string;
  assets: { css: string; boot: string };
  themeColor: string;
  /** The whitelisted browser config (src/env.ts publicEnv). */
  publicConfig?: { turnstileSiteKey?: string };
  /** Asks search engines not to index this answer (the landing page shown at an unknown path). */
  noindex?: boolean;
  /**
   * The id of the element that comes right after the first view: the browser paints the page once it has put that
   * element in (a render-blocking `<link rel="expect">`), so the first paint is the whole first view, not its header
   * with the rest laid out in the frames after (issue 58). Chromium lets the link go as the element is put in, not once
   * what is inside it has been read: so the element after, not the one to be read (`VIEW_READ`, after a page's
   * `<main>` and footer: client/layout/view-read.tsx). A browser that does not know it paints as before.
   */
  paintAfter?: string | undefined;
  children: ReactNode;
}

/** Escapes a JSON document for an inline <script> (no "</script>" breakout). */
function inlineJson(value: object): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The HTML document around every page: head metadata, stylesheet and the script that starts the islands. */
export function Document(props: DocumentProps) {
  const { title, description, canonical, image, siteName, locale, jsonLd, nonce, assets, themeColor } = props;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {props.noindex ? <meta name="robots" content="noindex" /> : null}
        <link rel="canonical" href={canonical} />
        <meta name="theme-color" content={themeColor} />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={siteName} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={canonical} />
        <meta property="og:image" content={image} />
        <meta property="og:locale" content={locale} />
        <meta name="twitter:card" content="summary_large_image" />
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        {/* A PNG for sharp tabs, not the SVG: a page's SVG icon is drawn as a small document on the page's own main
            thread, one task of 165–265 ms after the first paint on a phone eight times slower (issue 58). */}
        <link rel="icon" href="/icon-192.png" sizes="192x192" type="image/png" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        {props.publicConfig?.turnstileSiteKey ? (
          <meta name="turnstile-site-key" content={props.publicConfig.turnstileSiteKey} />
        ) : null}
        <link rel="stylesheet" href={assets.css} />
        {props.paintAfter ? <link rel="expect" href={`#${props.paintAfter}`} blocking="render" /> : null}
        <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: inlineJson(jsonLd) }} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {props.children}
        {/* Starts the islands' code once the page has painted (client/boot.ts). */}
        <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: assets.boot }} />
      </body>
    </html>
  );
}
