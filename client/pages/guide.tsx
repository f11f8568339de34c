import { guideDelivery } from '../../src/words/guides/delivery';
import { ConfirmStep, TextPage } from './text-page';

const copy = guideDelivery.pages;

/** Which guide page: the question (with its one button), the download, or why the link does not work. */
export type GuideView =
  | { view: 'confirm'; title: string; action: string }
  | { view: 'ready'; title: string; href: string; until: string }
  | { view: 'expired' | 'invalid' | 'gone' | 'unavailable' };

/** The pages a guide's links open: server-rendered, one button or one link, no script needed. */
export function GuidePage({ year, page }: { year: number; page: GuideView }) {
  return (
    <TextPage name="guide-page" year={year} backHome={copy.backHome}>
      {page.view === 'confirm' ? (
        <>
          <h1>{copy.confirm.heading(page.title)}</h1>
          <ConfirmStep text={copy.confirm.text} action={page.action} button={copy.confirm.button} />
        </>
      ) : page.view === 'ready' ? (
        <>
          <h1>{copy.ready.heading}</h1>
          <p role="status">{copy.ready.text(page.title)}</p>
          <p>
            <a className="btn btn-cta" href={page.href} download>
              {copy.ready.button}
            </a>
          </p>
          <p>{copy.ready.expires(page.until)}</p>
        </>
      ) : (
        <>
          <h1>{copy[page.view].heading}</h1>
          <p role={page.view === 'unavailable' ? 'alert' : undefined}>{copy[page.view].text}</p>
          {page.view === 'expired' && (
            <p>
              <a href="/#guides">{copy.askAgain}</a>
            </p>
          )}
        </>
      )}
    </TextPage>
  );
}
