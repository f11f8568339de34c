import { nextDateWords as words } from '../../../words/leads/next-date';
import { NEXT_NOTE_MAX, type LeadRecord } from '../../../store/leads/listing';
import { when } from '../../format';
import { TextField } from '../../form-parts';
import type { NextFormState } from './next-form';
import { dueOf, utcToLocal } from './next-time';

/** The tag of a next date that has come ("Overdue", "Due today"); nothing for a later one. */
export function DueTag({ nextAt, now }: { nextAt: string; now: Date }) {
  const due = dueOf(nextAt, now);
  if (due === 'later') return null;
  return <span className={`desk-state desk-due-${due}`}>{due === 'overdue' ? words.overdue : words.dueToday}</span>;
}

/**
 * A lead's next date on its page: when, its tag once it has come, the note, who set it and when; then the form to
 * set or move it (a date and time in the site's zone, and the note) and, when there is one, to clear it. Plain
 * forms: no script needed. A refused form (`state`) shows what was typed and the message by its field.
 */
export function NextDateCard({
  lead,
  base,
  now,
  who,
  state,
}: {
  lead: LeadRecord;
  base: string;
  now: Date;
  /** An owner's name from their address (OWNER_NAMES), else the address. */
  who: (email: string) => string;
  state?: NextFormState | undefined;
}) {
  const { nextAt, nextNote, nextBy, nextSetAt } = lead.desk;
  const action = `${base}/next`;
  return (
    <section className="desk-card desk-next" aria-labelledby="next-heading">
      <h2 id="next-heading">{words.title}</h2>
      {nextAt ? (
        <>
          <p className="desk-next-when">
            <time dateTime={nextAt}>{when(nextAt)}</time> <DueTag nextAt={nextAt} now={now} />
          </p>
          {nextNote ? <p className="desk-next-note">{nextNote}</p> : null}
          {nextBy ? <p className="desk-meta">{words.setBy(who(nextBy), when(nextSetAt))}</p> : null}
        </>
      ) : (
        <p className="desk-meta">{words.none}</p>
      )}
      {state ? (
        <p className="desk-message-error" role="alert">
          {words.check}
        </p>
      ) : null}
      <form method="post" action={action} className="desk-next-form" noValidate>
        <TextField
          id="next-at"
          label={words.at}
          hint={words.atHint}
          name="at"
          type="datetime-local"
          defaultValue={state?.values.at ?? (nextAt ? utcToLocal(nextAt) : '')}
          error={state?.errors.at}
        />
        <TextField
          id="next-note"
          label={words.note}
          hint={words.noteHint(NEXT_NOTE_MAX)}
          name="note"
          type="text"
          maxLength={NEXT_NOTE_MAX}
          defaultValue={state?.values.note ?? nextNote ?? ''}
          error={state?.errors.note}
        />
        <button type="submit" className="btn btn-cta">
          {words.save}
        </button>
      </form>
      {nextAt ? (
        <form method="post" action={action} className="desk-next-clear">
          <input type="hidden" name="at" value="" />
          <button type="submit" className="btn btn-outline">
            {words.clear}
          </button>
        </form>
      ) : null}
    </section>
  );
}
