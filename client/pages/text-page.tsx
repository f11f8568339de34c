import type { ReactNode } from 'react';
import { Enquiry } from '../sections/enquiry';
import { Footer } from '../layout/footer';
import { ViewRead } from '../layout/view-read';
import { SiteHeader } from '../layout/site-header';

/**
 * A page of text (the privacy notice, the unsubscribe and guide pages): the header, one article (`<name>-body`)
 * ending in a link back home, the footer, and the enquiry dialog the header's button opens.
 */
export function TextPage({
  name,
  year,
  backHome,
  children,
}: {
  /** The page's class (`section <name>`), and its article's (`container <name>-body`). */
  name: string;
  year: number;
  backHome: string;
  children: ReactNode;
}) {
  return (
    <>
      <SiteHeader />
      <main id="main" className={`section ${name}`}>
        <article className={`container ${name}-body`}>
          {children}
          <p>
            <a href="/">{backHome}</a>
          </p>
        </article>
      </main>
      <Footer year={year} />
      <ViewRead />
      <Enquiry form={{ submissionId: crypto.randomUUID() }} />
    </>
  );
}

/**
 * What a signed link's page asks before it acts (unsubscribe, confirm a guide's address): a line and one button that
 * posts back to `action`. Opening the link acts on nothing, since mail scanners follow links; the post does.
 */
export function ConfirmStep({ text, action, button }: { text: string; action: string; button: string }) {
  return (
    <>
      <p>{text}</p>
      <form method="post" action={action}>
        <button type="submit" className="btn btn-cta">
          {button}
        </button>
      </form>
    </>
  );
}
