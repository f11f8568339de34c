import type { ReactNode } from 'react';
import { desk } from '../../../words/desk';
import type { LeadRecord } from '../../../store/leads/listing';
import type { DeskMessage } from '../../messages';

/**
 * The top of a lead's page: who it is, its kind and status (and whether Turnstile refused it); the person's words
 * and how to reach them follow (./person.tsx).
 */
export function LeadHeader({
  lead,
  messages: all,
  contact: { name, email },
  call,
}: {
  lead: LeadRecord;
  /** Every message of the lead, the newsletter tool's calls included. */
  messages: DeskMessage[];
  contact: { name?: string | undefined; email?: string | undefined; phone?: string | undefined };
  /** The lead's booked call, or a cancellation that put its status back (src/desk/leads/calls.tsx). */
  call?: ReactNode;
}) {
  // Turnstile refused the submission: its owner alerts were folded into the hourly digest, and a sign-up was not
  // sent on to the newsletter tool. The verdict is stored with the lead; a lead stored before it was is judged by
  // its owner alerts skipped as unverified.
  const unverified =
    lead.verified !== undefined
      ? lead.verified === false && lead.unchecked !== true
      : all.some((m) => m.status === 'skipped' && m.skipReason === 'unverified' && m.audience === 'owner');
  const unverifiedNote = lead.kind === 'newsletter' ? desk.lead.unverifiedSignupNote : desk.lead.unverifiedNote;
  return (
    <>
      <p>
        <a href="/desk">← {desk.lead.back}</a>
      </p>
      <h1 className="desk-title">{name || email || desk.list.noName}</h1>
      <p className="desk-item-top">
        <span className={`desk-kind desk-kind-${lead.kind}`}>{desk.kinds[lead.kind]}</span>
        <span className={`desk-status desk-status-${lead.desk.status}`}>{desk.statuses[lead.desk.status]}</span>
        {unverified ? <span className="desk-status desk-status-unverified">{desk.lead.unverified}</span> : null}
      </p>
      {call}
      {unverified ? <p className="desk-meta">{unverifiedNote}</p> : null}
    </>
  );
}
