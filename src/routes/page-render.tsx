import type { Context } from 'hono';
import type { ReactElement } from 'react';
import { pageHtml } from './html';
import { Document } from '../../client/document';
import { SiteContentProvider } from '../../client/site-content';
import { PreviewNote, type PreviewOf } from '../../client/sections/preview-note';
import { site } from '../words/site';
import { cleanAttribution } from '../shared/attribution';
import type { SiteContent } from '../shared/site-content';
import { ServerAttribution } from '../../client/components/lead-context';
import { type Env, publicEnv, readConfig } from '../env';
import { assets } from '../assets';
import { profileJsonLd } from '../seo';
import { publishedContent } from '../store/site-content/published-content';
import { requestTouch } from './visit-counter';

export type AppEnv = { Bindings: Env; Variables: { secureHeadersNonce?: string } };
export type Status = 200 | 400 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 503;

/**
 * The first touch this request describes, as the forms' hidden `attribution` field carries it (JSON,
 * or empty): the address's campaign tags, the referring site when it is another one, and the path.
 */
export function requestAttribution(c: Context): string {
  const touch = requestTouch(c);
  return touch ? JSON.stringify(touch) : '';
}

/** The attribution a refused form post carried, cleaned, for the page that shows the form again. */
export function postedAttribution(posted: string | undefined): string {
  const touch = cleanAttribution(posted);
  return touch ? JSON.stringify(touch) : '';
}

/** Text made safe inside a double-quoted HTML attribute, as React writes it. */
export const attributeText = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[ch]!);

/**
 * What a page is about, and the site content it renders with: the published content when none is given (a
 * preview gives the draft).
 */
export type PageMeta = {
  title: string;
  description: string;
  path: string;
  nonce?: string;
  noindex?: boolean;
  content?: SiteContent;
  /** The owners' preview of the draft or a version: a note at the top says which (and that its forms are real). */
  preview?: PreviewOf;
  /** The id of an element the first view ends with or in: the page is painted once it has been read (Document). */
  paintAfter?: string;
};

/** A page inside the document every page shares (head, styles, scripts, public configuration). */
export async function render(
  c: Context,
  node: ReactElement,
  { title, description, path, nonce, noindex, content, preview, paintAfter }: PageMeta,
  status: Status = 200,
  attribution = '',
): Promise<Response> {
  const SITE_URL = readConfig(c.env as Env).site.url;
  const canonical = `${SITE_URL}${path}`;
  const words = content ?? (await publishedContent((c.env as Env).FEEDS)).content;
  const html = pageHtml(
    <Document
      title={title}
      description={description}
      canonical={canonical}
      image={`${SITE_URL}/images/og.png`}
      siteName={site.siteName}
      locale={site.locale}
      jsonLd={profileJsonLd(SITE_URL, canonical, words.social)}
      nonce={nonce ?? (c.get('secureHeadersNonce') as string | undefined) ?? ''}
      assets={assets}
      themeColor={site.theme.teal}
      publicConfig={publicEnv(c.env as Env)}
      noindex={noindex}
      paintAfter={paintAfter}
    >
      <SiteContentProvider content={words}>
        <ServerAttribution.Provider value={attribution}>
          {preview && <PreviewNote of={preview} />}
          {node}
        </ServerAttribution.Provider>
      </SiteContentProvider>
    </Document>,
  );
  // Every page carries a per-request CSP nonce (and a form's fresh submission id), so no cache may keep it.
  return c.html(html, status, { 'Cache-Control': 'private, no-store' });
}
