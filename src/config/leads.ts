import type { CountryCode } from 'libphonenumber-js';
import * as z from 'zod';
import type { FirestoreConfig } from './services/firestore.ts';
import type { Problem } from './read/problem.ts';
import type { Reader } from './read/reader.ts';
import { fallbackOf } from './read/settings.ts';

export interface LeadsConfig {
  store: 'd1' | 'firestore';
  defaultPhoneRegion: CountryCode;
  /** CLIENT_LINK_DAYS (default 180): a client page's link works at most this many days (and no longer than its engagement). */
  clientLinkDays: number;
}

const RegionSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((v) => v.toUpperCase() as CountryCode);

/**
 * Where leads are stored and how typed phone numbers are read. Leads bound for Firestore without its
 * credentials break the firestore group (its problems), not this one.
 */
export function parseLeads(
  r: Reader,
  firestore: FirestoreConfig,
  leadsProblems: Problem[],
  firestoreProblems: Problem[],
): LeadsConfig {
  const region = RegionSchema.safeParse(r.valueOf('DEFAULT_PHONE_REGION'));
  if (!region.success) {
    leadsProblems.push({ setting: 'DEFAULT_PHONE_REGION', message: 'DEFAULT_PHONE_REGION must be two letters.' });
  }
  const leadStore = r.text('LEAD_STORE');
  if (leadStore !== undefined && leadStore !== 'd1' && leadStore !== 'firestore') {
    leadsProblems.push({ setting: 'LEAD_STORE', message: 'LEAD_STORE must be "d1" or "firestore".' });
  }

  // Locally: Firestore when configured, else D1. Deployed: Firestore unless LEAD_STORE=d1 says otherwise.
  const store =
    leadStore === 'd1' ||
    (!r.deployed && leadStore !== 'firestore' && firestore.mode === 'off' && firestoreProblems.length === 0);
  const linkDays = Number(r.valueOf('CLIENT_LINK_DAYS'));
  const clientLinkDays = Number.isInteger(linkDays) && linkDays >= 1 && linkDays <= 730 ? linkDays : undefined;
  if (clientLinkDays === undefined) {
    leadsProblems.push({
      setting: 'CLIENT_LINK_DAYS',
      message: 'CLIENT_LINK_DAYS must be a whole number from 1 to 730.',
    });
  }
  const leads: LeadsConfig = {
    store: store ? 'd1' : 'firestore',
    defaultPhoneRegion: region.success ? region.data : RegionSchema.parse(fallbackOf('DEFAULT_PHONE_REGION')),
    clientLinkDays: clientLinkDays ?? Number(fallbackOf('CLIENT_LINK_DAYS')),
  };
  if (leads.store === 'firestore' && firestore.mode === 'off' && firestoreProblems.length === 0) {
    firestoreProblems.push({
      setting: 'FIRESTORE_PROJECT_ID',
      message:
        'Leads go to Firestore but FIRESTORE_PROJECT_ID, FIRESTORE_CLIENT_EMAIL and FIRESTORE_PRIVATE_KEY are not set (LEAD_STORE=d1 keeps them in D1 on purpose).',
    });
  }

  return leads;
}
