import { desk } from '../../words/desk';
import { UNREADABLE_JOB, deadContact, type DeadLead } from '../../store/leads/dead-leads';
import { when } from '../format';

/**
 * Leads the store refused for good (Firestore 400/403 after retries), kept in D1 so none is lost.
 * The owners see who it was and can reach them by hand; the reason is there for the operator.
 */
export function DeadLeadsPage({ leads }: { leads: DeadLead[] }) {
  return (
    <>
      <h1 className="desk-title">{desk.dead.title}</h1>
      <p className="desk-meta">{desk.dead.intro}</p>
      {leads.length === 0 ? <p className="desk-meta">{desk.dead.none}</p> : null}
      <ol className="desk-list">
        {leads.map((d) => {
          const { name, email, phone } = deadContact(d.lead);
          const job = d.kind === UNREADABLE_JOB;
          const kind = job ? desk.dead.unreadableJob : (desk.kinds[d.kind as keyof typeof desk.kinds] ?? d.kind);
          return (
            <li key={d.id} className="desk-card desk-dead">
              <p className="desk-item-top">
                <span className={`desk-kind desk-kind-${d.kind}`}>{kind}</span>
                <time dateTime={d.createdAt}>{when(d.createdAt)}</time>
              </p>
              <p>
                <strong>{name || email || desk.list.noName}</strong>
              </p>
              <p className="desk-meta">{[email, phone].filter(Boolean).join(' · ') || desk.dead.unreadable}</p>
              <p className="desk-message-error">
                {job ? desk.dead.unreadableReason(d.reason) : desk.dead.reason(d.attempts, d.reason)}
              </p>
            </li>
          );
        })}
      </ol>
    </>
  );
}
