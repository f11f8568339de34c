import { COLLECTIONS, type Lead, type LeadKind } from '../lead';
import { searchTokens } from '../search-tokens';
import { lastContactOf, type LeadChange, type LeadRecord } from '../listing';
import type { FirestoreClient, Value } from '../../firestore/firestore-client';
import { DESK_FIELDS, LAST_CONTACT } from './leads-firestore-documents';

/** Sets only the changed follow-up fields (updateMask), refusing to create a document that does not exist. */
export async function patchDesk(
  client: FirestoreClient,
  kind: LeadKind,
  id: string,
  change: LeadChange,
): Promise<boolean> {
  const fields: Record<string, Value> =
    'status' in change
      ? {
          [DESK_FIELDS.status]: { stringValue: change.status },
          [DESK_FIELDS.statusBy]: { stringValue: change.by },
          [DESK_FIELDS.statusAt]: { timestampValue: change.at },
        }
      : {
          [DESK_FIELDS.note]: { stringValue: (change as { note: string }).note },
          [DESK_FIELDS.noteBy]: { stringValue: change.by },
          [DESK_FIELDS.noteAt]: { timestampValue: change.at },
        };
  return client.patch(COLLECTIONS[kind], id, { ...fields, [LAST_CONTACT]: { timestampValue: change.at } });
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
