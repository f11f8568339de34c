import { unsubscribe as copy } from '../../src/words/unsubscribe';
import { ConfirmStep, TextPage } from './text-page';

/** Which unsubscribe page: the question (with the form that answers it), the answer, or why the link fails. */
export type UnsubscribeView =
  { view: 'confirm'; action: string } | { view: 'done'; when: string } | { view: 'invalid' | 'stale' | 'unavailable' };

/** The unsubscribe pages: server-rendered, one button, no script needed. */
export function UnsubscribePage({ year, page }: { year: number; page: UnsubscribeView }) {
  const heading =
    page.view === 'confirm' ? copy.confirm.heading : page.view === 'done' ? copy.done.heading : copy[page.view].heading;
  return (
    <TextPage name="unsubscribe" year={year} backHome={copy.backHome}>
      <h1>{heading}</h1>
      {page.view === 'confirm' ? (
        <ConfirmStep text={copy.confirm.text} action={page.action} button={copy.confirm.button} />
      ) : page.view === 'done' ? (
        <>
          <p role="status">{copy.done.text(page.when)}</p>
          <p>{copy.done.resubscribe}</p>
        </>
      ) : (
        <p role={page.view === 'unavailable' ? 'alert' : undefined}>{copy[page.view].text}</p>
      )}
      <p className="unsubscribe-help">{copy.help}</p>
    </TextPage>
  );
}
