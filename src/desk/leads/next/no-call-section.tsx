import type { ReactNode } from 'react';
import { desk } from '../../../words/desk';
import { nextDateWords as words } from '../../../words/leads/next-date';
import type { LeadRecord } from '../../../store/leads/listing';
import { when } from '../../format';
import { leadPath } from '../../page';
import { nameOf } from './due-section';

/** A quiz lead that never booked a call, and the follow-up its row offers (null where the rules allow none now). */
export interface NoCallRow {
  lead: LeadRecord;
  followUp: ReactNode;
}

/**
 * "No call yet" in the inbox's due section: quiz leads given a recommendation more than `hours` ago that booked no
 * call, each with the follow-up button where WhatsApp's rules allow one (src/desk/leads/follow-up.tsx).
 */
export function NoCallGroup({ rows, hours }: { rows: NoCallRow[]; hours: number }) {
  if (rows.length === 0) return null;
  return (
    <>
      <h3 id="due-no-call" className="desk-calls-title">
        {words.inbox.noCall}
      </h3>
      <p className="desk-meta">{words.inbox.noCallHint(hours)}</p>
      <ul className="desk-calls-list" aria-labelledby="due-no-call">
        {rows.map(({ lead, followUp }) => (
          <li key={`${lead.kind}:${lead.id}`} className="desk-no-call">
            <a className="desk-call" href={leadPath(lead.kind, lead.id)}>
              <time className="desk-call-time" dateTime={lead.createdAt}>
                {words.inbox.result(when(lead.createdAt))}
              </time>
              <span className="desk-call-name">{nameOf(lead)}</span>
              <span className="desk-call-meta">{desk.kinds[lead.kind]}</span>
            </a>
            {/* Folded: several leads' whole messages would push the list off a phone's screen. */}
            {followUp ? (
              <details className="desk-no-call-follow-up">
                <summary>{words.inbox.followUp}</summary>
                {followUp}
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
