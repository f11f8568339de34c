import { readConfig, type Env } from '../../env';
import type { Owner } from '../../config/services/whatsapp';
import type { LeadKind } from '../../store/leads/lead';
import type { LeadRecord } from '../../store/leads/listing';
import { getLeadStore } from '../../store/leads/open';

// Alerts about a lead one owner took go to that owner; the other owner hears of them in the hourly digest. A lead
// nobody took — or taken by an address no longer in OWNER_EMAILS — alerts both, as before owners took leads.

/** The numbers of the owners who did not take `lead` (to fold their alert into the digest); none when nobody's. */
export function othersThan(lead: Pick<LeadRecord, 'desk'> | null | undefined, owners: Owner[]): string[] {
  const taker = lead?.desk.owner?.toLowerCase();
  if (!taker || !owners.some((o) => o.email === taker)) return [];
  return owners.filter((o) => o.email !== taker).map((o) => o.phone);
}

/**
 * The numbers whose alert about the lead `ref` names is folded into the digest, read from the lead store when the
 * job runs (so a lead taken after the job was queued is routed to its owner). No lead, or a subscription: none.
 */
export async function foldForLead(env: Env, ref: { kind: LeadKind; id: string } | null | undefined): Promise<string[]> {
  if (!ref || ref.kind === 'newsletter') return [];
  const lead = await getLeadStore(env).get(ref.kind, ref.id);
  return othersThan(lead, readConfig(env).whatsapp.owners);
}
