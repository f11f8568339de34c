import type { ReactNode } from 'react';
import { desk } from '../words/desk';
import { deskBookings } from './bookings/words';
import { site } from '../words/site';
import { conversation } from '../words/conversations/conversation';
import { deskReplies } from './replies/words';
import { deskSources } from './sources/words';
import { deskLinks } from './links/words';
import { deskContent } from '../words/site-content/desk-content';
import { paymentsPage } from '../words/payments/desk-payments';
import { deskClients } from '../words/clients/desk-clients';
import { DeskMenu } from './menu';

export interface Banner {
  tone: 'warning' | 'info';
  text: string;
  /** Where the owners act on it, when there is such a page. */
  href?: string;
}

/** The desk's areas, in the navigation's order. */
export const AREAS = [
  { name: 'inbox', href: '/desk', label: desk.nav.inbox },
  { name: 'bookings', href: '/desk/bookings', label: deskBookings.nav },
  { name: 'clients', href: '/desk/clients', label: deskClients.nav },
  { name: 'payments', href: '/desk/payments', label: paymentsPage.nav },
  { name: 'people', href: '/desk/people', label: desk.nav.people },
  { name: 'conversations', href: '/desk/conversations', label: conversation.nav },
  { name: 'replies', href: '/desk/replies', label: deskReplies.nav },
  { name: 'links', href: '/desk/links', label: deskLinks.nav },
  { name: 'content', href: '/desk/content', label: deskContent.nav },
  { name: 'numbers', href: '/desk/numbers', label: desk.nav.numbers },
  { name: 'sources', href: '/desk/sources', label: deskSources.nav },
  { name: 'health', href: '/desk/health', label: desk.nav.health },
] as const;

/** A desk area: the navigation marks the current one. */
export type DeskArea = (typeof AREAS)[number]['name'];

/**
 * The page around every desk screen: no index, the site's colours and type, and no scripts (but the reply box's
 * saved-reply picker, src/desk/replies/saved-reply-picker.tsx, and the links' copy buttons, src/desk/links/links.tsx).
 */
export function DeskDocument(props: {
  title: string;
  css: string;
  owner: string;
  exportHref: string;
  banners: Banner[];
  current: DeskArea;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="theme-color" content={site.theme.teal} />
        <title>{`${props.title} · ${desk.title} · ${site.brand}`}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={props.css} />
      </head>
      <body className="desk">
        <header className="desk-header">
          <div className="desk-bar">
            <a className="desk-brand" href="/desk">
              <span className="logo-text">{site.brand}</span>
              <span className="desk-brand-line">{desk.brandLine}</span>
            </a>
            <p className="desk-owner">
              {desk.signedInAs} <strong>{props.owner}</strong>
            </p>
          </div>
          <DeskMenu areas={AREAS} current={props.current} exportHref={props.exportHref} />
        </header>
        <main id="main" className="desk-main">
          {props.banners.map((b) => (
            <p
              key={b.text}
              className={`desk-banner desk-banner-${b.tone}`}
              role={b.tone === 'warning' ? 'alert' : 'status'}
            >
              {b.href ? <a href={b.href}>{b.text}</a> : b.text}
            </p>
          ))}
          {props.children}
        </main>
      </body>
    </html>
  );
}
