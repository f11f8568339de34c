import type { Env } from '../env';
import { getGuideStore } from '../store/guides/open';
import { getLeadStore } from '../store/leads/open';
import { getToolEventStore } from '../store/newsletter/open';
import type { ToolEvent } from '../store/newsletter/tool-events';

/** Whether the site may write to an address, or the newsletter tool's event that stops it. */
export type Sendable = { ok: true } | { ok: false; event: ToolEvent };

/**
 * Whether the site may send an address a result email or a guide (issue 59). The newsletter tool's newest event
 * about it (an unsubscribe, a bounce, a complaint, a change of address) stops every such email, until the address
 * subscribes anew on the site after that event: a newsletter sign-up made later, or a guide request made later whose
 * link was opened (the address confirmed it). `email` is compared lower-cased.
 */
export async function sendableTo(env: Env, email: string): Promise<Sendable> {
  const address = email.trim().toLowerCase();
  const event = await getToolEventStore(env).latestFor(address);
  if (!event) return { ok: true };
  const after = (at: string | undefined) => at !== undefined && at > event.occurredAt;
  const requests = await getGuideStore(env).forEmail(address);
  if (requests.some((r) => r.confirmedAt && after(r.requestedAt))) return { ok: true };
  const found = await getLeadStore(env).list({ kind: 'newsletter', q: address, limit: 50 });
  const signedUpAgain = found.leads.some(
    (lead) => lead.kind === 'newsletter' && lead.email.trim().toLowerCase() === address && after(lead.createdAt),
  );
  return signedUpAgain ? { ok: true } : { ok: false, event };
}
