import type { Owner } from '../../config/index';
import { greetingName } from '../../shared/lead-rules';
import { contactOf } from '../../store/leads/lead';
import type { LeadRecord } from '../../store/leads/listing';
import { nudgeWords as words } from '../../words/nudges/nudges';
import { templateMessage, type Send } from '../ledger/templates';
import { WHATSAPP_TEMPLATES } from '../whatsapp/whatsapp-templates';

// One nudge: its ledger key (once per key), whose it is, and the three things `lead_due` says. Pure, so a run that
// meets the same nudge again builds the same sends and finds their rows in the ledger.

export interface Nudge {
  /** The ledger key: `nudge:<rule>:…`, never anything of the person. */
  submissionId: string;
  /** The ledger's kind of its rows: the lead's kind, or `conversation` for a conversation with no lead. */
  leadKind: string;
  /** The owner who took the lead (lower case), when one did. */
  owner?: string;
  first: string;
  /** The next date's note or the rule's reason: never empty. */
  note: string;
  link: string;
}

/** The ledger kind of a waiting conversation that no lead is linked to. */
export const CONVERSATION_KIND = 'conversation';

/** A nudge about a stored lead: its first name, its owner and its desk page. */
export function leadNudge(lead: LeadRecord, siteUrl: string, submissionId: string, note: string): Nudge {
  return {
    submissionId,
    leadKind: lead.kind,
    ...(lead.desk.owner ? { owner: lead.desk.owner } : {}),
    first: greetingName(contactOf(lead).name) || words.noName,
    note: note.trim() || words.dueNoNote,
    link: `${siteUrl}/desk/leads/${lead.kind}/${encodeURIComponent(lead.id)}`,
  };
}

/**
 * Who a nudge goes to: the owner who took the lead, or both owners when nobody did (or the address that took it is
 * no longer one of OWNER_EMAILS).
 */
export function nudgeRecipients(owners: readonly Owner[], owner: string | undefined): readonly Owner[] {
  const taken = owner ? owners.filter((o) => o.email?.toLowerCase() === owner.toLowerCase()) : [];
  return taken.length > 0 ? taken : owners;
}

/** One `lead_due` per recipient. */
export function nudgeSends(nudge: Nudge, owners: readonly Owner[]): Send[] {
  return nudgeRecipients(owners, nudge.owner).map((o) =>
    templateMessage(WHATSAPP_TEMPLATES.leadDue, o.phone, 'owner', { body: [nudge.first, nudge.note, nudge.link] }),
  );
}
