import type { ReactNode } from 'react';
import { desk } from '../../../words/desk';
import { nextDateWords as words } from '../../../words/leads/next-date';
import type { LeadRecord } from '../../../store/leads/listing';
import { contactOf } from '../../../store/leads/lead';
import { when } from '../../format';
import { leadPath } from '../../page';
import type { DueLeads } from './due-leads';

/**
 * Above the inbox's list: the leads to come back to, "Overdue" first, then "Due today", each row the person, the
 * kind, when it was due, the note and whose lead it is; then "No call yet" (`noCall`). Nothing when all are empty.
 */
export function DueSection({
  due,
  noCall,
  who,
}: {
  due: DueLeads;
  /** The "No call yet" part (NoCallGroup), or its unreadable notice. */
  noCall?: ReactNode;
  /** An owner's name from their address (OWNER_NAMES), else the address. */
  who: (email: string) => string;
}) {
  if (due.overdue.length === 0 && due.today.length === 0 && !noCall) return null;
  return (
    <section className="desk-calls desk-due" aria-labelledby="due-heading">
      <h2 id="due-heading" className="visually-hidden">
        {words.inbox.title}
      </h2>
      <DueGroup which="overdue" leads={due.overdue} who={who} />
      <DueGroup which="today" leads={due.today} who={who} />
      {noCall}
    </section>
  );
}

/** The leads overdue, or due today: a heading (its id `due-overdue` or `due-today`) and their list. */
function DueGroup({
  which,
  leads,
  who,
}: {
  which: 'overdue' | 'today';
  leads: LeadRecord[];
  who: (email: string) => string;
}) {
  if (leads.length === 0) return null;
  const id = `due-${which}`;
  return (
    <>
      <h3 id={id} className="desk-calls-title">
        {words.inbox[which]}
      </h3>
      <ul className="desk-calls-list" aria-labelledby={id}>
        {leads.map((lead) => (
          <li key={`${lead.kind}:${lead.id}`}>
            <a className="desk-call" href={leadPath(lead.kind, lead.id)}>
              <time className="desk-call-time" dateTime={lead.desk.nextAt}>
                {words.inbox.due(when(lead.desk.nextAt))}
              </time>
              <span className="desk-call-name">{nameOf(lead)}</span>
              <span className="desk-call-meta">
                {[
                  desk.kinds[lead.kind],
                  lead.desk.owner ? words.inbox.takenBy(who(lead.desk.owner)) : words.inbox.nobodys,
                ].join(' · ')}
              </span>
              {lead.desk.nextNote ? <span className="desk-due-note">{lead.desk.nextNote}</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A lead as a row names it: the person's name, else their address, else "No name". */
export function nameOf(lead: LeadRecord): string {
  const { name, email } = contactOf(lead);
  return name || email || desk.list.noName;
}
