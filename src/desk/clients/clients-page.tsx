import { Hono } from 'hono';
import { getClientStore } from '../../store/clients/open';
import { getLeadStore } from '../../store/leads/open';
import { getBookingStore } from '../../store/bookings/open';
import { contactOf } from '../../store/leads/lead';
import type { EngagementRecord } from '../../store/clients/clients';
import { countSessions, type SessionCount } from '../../clients/sessions';
import { indiaDay } from '../../clients/validity';
import { deskClients } from '../../words/clients/desk-clients';
import { leadPath, renderDeskPage, type DeskEnv } from '../page';
import { day, when } from '../format';
import { PENDING_PATH } from './testimonial-card';

const copy = deskClients.list;
/** How many valid engagements the page looks at (the owners have far fewer clients than this). */
const LOOKED_AT = 200;

/** One active client as the list shows them. */
export interface ActiveClient {
  engagement: EngagementRecord;
  name: string;
  count: SessionCount;
}

/**
 * Active clients, soonest first: valid today or later (India) with sessions left or a call ahead. Those with a call
 * booked come first, by the call's start; then the rest, by the day they expire (the soonest first).
 */
export function orderActive(clients: ActiveClient[]): ActiveClient[] {
  const nextAt = (a: ActiveClient) => (a.count.next ? Date.parse(a.count.next.startAt) : Infinity);
  return [...clients].sort(
    (a, b) => nextAt(a) - nextAt(b) || a.engagement.validUntil.localeCompare(b.engagement.validUntil) || 0,
  );
}

/** `/desk/clients`: the active clients with sessions left of their package, the next call and the expiry. */
export const clientsPage = new Hono<DeskEnv>();

clientsPage.get('/clients', async (c) => {
  const now = new Date();
  const valid = await getClientStore(c.env).validFrom(indiaDay(now), LOOKED_AT);
  const leads = getLeadStore(c.env);
  const bookings = getBookingStore(c.env);
  const active: ActiveClient[] = [];
  for (const engagement of valid) {
    const { kind, id } = engagement.lead;
    if (kind === 'newsletter') continue;
    const [lead, calls] = await Promise.all([leads.get(kind, id), bookings.forLead(kind, id)]);
    if (!lead) continue;
    const count = countSessions(engagement, calls, now);
    if (count.left > 0 || count.upcoming > 0) active.push({ engagement, name: contactOf(lead).name, count });
  }
  const pending = (await getClientStore(c.env).testimonialsIn('pending', LOOKED_AT)).length;
  return renderDeskPage(c, copy.title, 'clients', {}, <ClientsList clients={orderActive(active)} pending={pending} />);
});

function ClientsList({ clients, pending }: { clients: ActiveClient[]; pending: number }) {
  return (
    <section className="desk-card desk-clients" aria-labelledby="clients-heading">
      <h1 id="clients-heading">{copy.heading}</h1>
      <p className="desk-meta">{copy.intro}</p>
      {pending > 0 ? (
        <p>
          <a href={PENDING_PATH}>{copy.pending(pending)}</a>
        </p>
      ) : null}
      {clients.length === 0 ? <p>{copy.none}</p> : null}
      <ul className="desk-list desk-client-list">
        {clients.map(({ engagement: e, name, count }) => (
          <li key={e.id} className="desk-client-row">
            <p>
              <a href={leadPath(e.lead.kind, e.lead.id)}>{name || e.lead.kind}</a> · {e.programTitle}
            </p>
            <dl className="desk-fields">
              <dt>{copy.left}</dt>
              <dd>{copy.leftOf(count.left, e.sessions)}</dd>
              <dt>{copy.next}</dt>
              <dd>{count.next ? when(count.next.startAt) : deskClients.card.noNext}</dd>
              <dt>{copy.expires}</dt>
              <dd>{day(e.validUntil)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
