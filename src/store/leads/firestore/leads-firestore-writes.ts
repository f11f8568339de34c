import { COLLECTIONS, type Lead, type LeadKind } from '../lead';
import { searchTokens } from '../search-tokens';
import { deskWriteOf, lastContactOf, type LeadChange, type LeadRecord } from '../listing';
import type { FirestoreClient, Value } from '../../firestore/firestore-client';
import { DESK_FIELDS, DESK_TIMES, LAST_CONTACT } from './leads-firestore-documents';

/**
 * Sets only the changed follow-up fields (updateMask; a cleared one is in the mask and not in the body, so it is
 * removed), refusing to create a document that does not exist.
 */
export async function patchDesk(
  client: FirestoreClient,
  kind: LeadKind,
  id: string,
  change: Exclude<LeadChange, { correction: unknown }>,
): Promise<boolean> {
  const fields: Record<string, Value> = {};
  const cleared: string[] = [];
  for (const [name, value] of Object.entries(deskWriteOf(change)) as Array<[keyof typeof DESK_FIELDS, string | null]>) {
    const field = DESK_FIELDS[name];
    if (value === null) cleared.push(field);
    else
      fields[field] = (DESK_TIMES as readonly string[]).includes(name)
        ? { timestampValue: value }
        : { stringValue: value };
  }
  return client.patch(COLLECTIONS[kind], id, { ...fields, [LAST_CONTACT]: { timestampValue: change.at } }, cleared);
}

/** Writes a corrected lead's contact fields and search words, and who corrected which fields when. */
export async function patchContact(
  client: FirestoreClient,
  lead: Lead,
  fields: string[],
  by: string,
  at: string,
): Promise<boolean> {
  const str = (stringValue: string) => ({ stringValue });
  const contact: Record<string, Value> =
    lead.kind === 'quiz'
      ? {
          contact: {
            mapValue: { fields: Object.fromEntries(Object.entries(lead.contact).map(([k, v]) => [k, str(v)])) },
          },
        }
      : lead.kind === 'newsletter'
        ? { email: str(lead.email) }
        : { name: str(lead.name), email: str(lead.email), phone: str(lead.phone) };
  return client.patch(COLLECTIONS[lead.kind], lead.id, {
    ...contact,
    searchTokens: { arrayValue: { values: searchTokens(lead).map(str) } },
    [DESK_FIELDS.corrected]: { arrayValue: { values: fields.map(str) } },
    [DESK_FIELDS.correctedBy]: str(by),
    [DESK_FIELDS.correctedAt]: { timestampValue: at },
  });
}

/** Replaces a stored lead's search words and last contact (only those fields); a lead erased meanwhile is left absent. */
export async function patchSearch(client: FirestoreClient, lead: LeadRecord): Promise<void> {
  await client.patch(COLLECTIONS[lead.kind], lead.id, {
    searchTokens: { arrayValue: { values: searchTokens(lead).map((t) => ({ stringValue: t })) } },
    [LAST_CONTACT]: { timestampValue: lastContactOf(lead) },
  });
}

/** Marks a subscription unsubscribed (only that field); false when there is no such subscription. */
export async function patchUnsubscribed(client: FirestoreClient, id: string, at: string): Promise<boolean> {
  return client.patch(COLLECTIONS.newsletter, id, { unsubscribedAt: { timestampValue: at } });
}
