import type { Context } from 'hono';
import { readConfig, type Env } from '../../../env';
import type { DeskState, OwnerFilter } from '../../../store/leads/listing';
import { ownerWords as copy } from '../../../words/leads/owner';
import type { DeskEnv } from '../../page';
import type { Whose } from '../../params';

/**
 * An owner who can take a lead: their address (OWNER_EMAILS, lower-case), the name the desk calls them by, and their
 * label (Admin1, Admin2: the order of OWNER_PHONES), which the desk's forms send instead of the address: OWNER_EMAILS
 * is a secret, and no page carries one.
 */
export interface LeadOwner {
  email: string;
  name: string;
  label: string;
}

/** The owners with an address, in the order of OWNER_PHONES: only they can take a lead. */
export function leadOwners(env: Env): LeadOwner[] {
  return readConfig(env).whatsapp.owners.flatMap((o) =>
    o.email ? [{ email: o.email.toLowerCase(), name: o.name, label: o.label }] : [],
  );
}

/** The owner a form's `owner` names: by their address (any case) or by their label; undefined when neither. */
export function ownerNamed(owners: LeadOwner[], value: string): LeadOwner | undefined {
  const wanted = value.trim().toLowerCase();
  return owners.find((o) => o.email === wanted || o.label.toLowerCase() === wanted);
}

/** The owner a lead is taken by, while their address is still in OWNER_EMAILS; otherwise the lead is nobody's. */
export function ownerOf(desk: DeskState, owners: LeadOwner[]): LeadOwner | undefined {
  return desk.owner ? owners.find((o) => o.email === desk.owner!.toLowerCase()) : undefined;
}

/** Whose a lead is, said to the signed-in owner: "Yours", "Arjun’s" or "Nobody’s yet". */
export function whoseWords(desk: DeskState, owners: LeadOwner[], me: string): string {
  const owner = ownerOf(desk, owners);
  if (!owner) return copy.nobodys;
  return owner.email === me.toLowerCase() ? copy.yours : copy.theirs(owner.name);
}

/** The inbox's "Whose" choice as a store filter: mine is the signed-in owner's address, theirs every other owner's. */
export function ownerFilter(c: Context<DeskEnv>, whose: Whose | undefined): OwnerFilter | undefined {
  if (!whose) return undefined;
  if (whose === 'nobody') return 'nobody';
  const me = c.var.owner.email.toLowerCase();
  const emails = leadOwners(c.env).map((o) => o.email);
  return { takenBy: whose === 'mine' ? [me] : emails.filter((e) => e !== me) };
}

/** What the inbox shows of whose leads: the filter's choices, and each taken row's owner by name. */
export interface InboxOwners {
  /** The name a lead's owner is shown by on its row; undefined for a lead nobody (still an owner) took. */
  nameOf(desk: DeskState): string | undefined;
}

export function inboxOwners(c: Context<DeskEnv>): InboxOwners {
  const owners = leadOwners(c.env);
  return { nameOf: (desk) => ownerOf(desk, owners)?.name };
}
