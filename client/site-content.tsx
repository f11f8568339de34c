import { Fragment, createContext, useContext, type ReactNode } from 'react';
import type { SiteContent } from '../src/shared/site-content';

/**
 * The published content the server renders a page with (or a draft, for the owners' preview). Sections read
 * their editable words from it; the islands get theirs through props, as they always have.
 */
const SiteContentContext = createContext<SiteContent | null>(null);

export function SiteContentProvider({ content, children }: { content: SiteContent; children: ReactNode }) {
  return <SiteContentContext.Provider value={content}>{children}</SiteContentContext.Provider>;
}

/** The content of the page being rendered. A page rendered without it is a programming error. */
export function useSiteContent(): SiteContent {
  const content = useContext(SiteContentContext);
  if (!content) throw new Error('A page section was rendered outside SiteContentProvider');
  return content;
}

/** Plain text as written: escaped by React, each line break kept as <br>. */
export function PlainText({ text }: { text: string }) {
  if (!text.includes('\n')) return text;
  return text.split('\n').map((line, i) => (
    <Fragment key={i}>
      {i > 0 && <br />}
      {line}
    </Fragment>
  ));
}
