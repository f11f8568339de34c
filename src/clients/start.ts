import type { Env } from '../env';
import { readConfig } from '../env';
import type { EngagementRecord } from '../store/clients/clients';
import { getClientStore } from '../store/clients/open';
import { hex } from '../store/keyed-hash';
import { linkExpiry } from './validity';
import { clientTokenHash, newClientId, newClientToken, newEngagementReference } from './token';

/** What an engagement is started with (validated by the caller: the desk form or a paid payment request). */
export type EngagementStart = Pick<
  EngagementRecord,
  'lead' | 'program' | 'programTitle' | 'sessions' | 'validUntil' | 'terms' | 'paymentRequestId'
>;

/** SHA-256 of a terms text, lower-case hex: what an acceptance records of the exact words the client saw. */
export async function termsHash(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** Stores a new engagement (no link yet: issueLink makes one). */
export async function startEngagement(
  env: Env,
  start: EngagementStart,
  by: string,
  now: Date,
): Promise<EngagementRecord> {
  return (await startEngagementOnce(env, start, newClientId(), by, now)) as EngagementRecord;
}

/**
 * Stores a new engagement under the id the caller chose (the desk's form id makes it), or answers null when one with
 * that id exists: a form posted twice starts one engagement, and the second post sends nothing.
 */
export async function startEngagementOnce(
  env: Env,
  start: EngagementStart,
  id: string,
  by: string,
  now: Date,
): Promise<EngagementRecord | null> {
  const engagement: EngagementRecord = {
    id,
    ...start,
    reference: newEngagementReference(),
    uncounted: [],
    answered: [],
    createdBy: by,
    createdAt: now.toISOString(),
  };
  return (await getClientStore(env).createEngagement(engagement)) ? engagement : null;
}

/**
 * A fresh link for the client's page: a new token whose hash replaces the old one's (which then stops working).
 * Answers the engagement as stored and the token, which exists only in the message sent to the client.
 */
export async function issueLink(
  env: Env,
  engagement: EngagementRecord,
  by: string,
  now: Date,
): Promise<{ engagement: EngagementRecord; token: string }> {
  const token = newClientToken();
  const linkDays = readConfig(env).leads.clientLinkDays;
  const updated: EngagementRecord = {
    ...engagement,
    link: {
      hash: await clientTokenHash(token),
      issuedAt: now.toISOString(),
      issuedBy: by,
      expiresAt: linkExpiry(engagement.validUntil, now, linkDays),
    },
  };
  await getClientStore(env).putEngagement(updated);
  return { engagement: updated, token };
}

/** Revokes the client's link: the page answers 404 until an owner sends a fresh one. */
export async function revokeLink(
  env: Env,
  engagement: EngagementRecord,
  by: string,
  now: Date,
): Promise<EngagementRecord> {
  const { link: _gone, ...rest } = engagement;
  const updated: EngagementRecord = { ...rest, revokedAt: now.toISOString(), revokedBy: by };
  await getClientStore(env).putEngagement(updated);
  return updated;
}
