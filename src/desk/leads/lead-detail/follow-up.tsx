import { desk } from '../../../words/desk';
import { FOLLOW_UP_STATUSES, type FollowUpStatus, type LeadRecord } from '../../../store/leads/listing';
import { when } from '../../format';
import { PressedButtons } from '../../form-parts';

/** One button per follow-up status, posting to `action` (no script needed), the current one pressed. */
export function StatusButtons({ current, action }: { current: FollowUpStatus; action: string }) {
  return (
    <form method="post" action={action} className="desk-status-form">
      <PressedButtons name="status" choices={FOLLOW_UP_STATUSES} labels={desk.statuses} current={current} />
    </form>
  );
}

/** The owners' follow-up status of a lead: one button per status, the current one pressed. */
export function StatusCard({ lead, base }: { lead: LeadRecord; base: string }) {
  return (
    <section className="desk-card" aria-labelledby="status-heading">
      <h2 id="status-heading">{desk.lead.status}</h2>
      <StatusButtons current={lead.desk.status} action={`${base}/status`} />
      {lead.desk.statusBy ? (
        <p className="desk-meta">{desk.lead.statusSetBy(lead.desk.statusBy, when(lead.desk.statusAt))}</p>
      ) : null}
    </section>
  );
}

/** The owners' note on a lead, and who saved it last. */
export function NoteCard({ lead, base }: { lead: LeadRecord; base: string }) {
  return (
    <section className="desk-card" aria-labelledby="note-heading">
      <h2 id="note-heading">{desk.lead.note}</h2>
      <form method="post" action={`${base}/note`}>
        <label className="visually-hidden" htmlFor="desk-note">
          {desk.lead.note}
        </label>
        <textarea id="desk-note" name="note" rows={4} maxLength={2000} defaultValue={lead.desk.note ?? ''} />
        <p className="desk-meta">
          {lead.desk.noteBy ? desk.lead.noteSavedBy(lead.desk.noteBy, when(lead.desk.noteAt)) : desk.lead.noteHint}
        </p>
        <button type="submit" className="btn btn-cta">
          {desk.lead.saveNote}
        </button>
      </form>
    </section>
  );
}
