import { CLIENT_PLACES } from './data-map/clients';
import { GUIDE_PLACES } from './data-map/guides';
import { LEAD_PLACES } from './data-map/leads';
import { MESSAGE_PLACES } from './data-map/messages';
import { PAYMENT_PLACES } from './data-map/payments';
import type { Place } from './data-map/place';
import { SITE_PLACES } from './data-map/site';

export type { D1Place, KvPlace, Place, R2Place } from './data-map/place';

/**
 * The one map of where the site keeps data: every D1 table (and the Firestore collection holding the same data in
 * production), KV key and R2 key prefix the site writes, with the personal fields each holds, how long it is kept,
 * and whether a person's copy and erasure cover it. The tests hold the migrations, the code's writes, the people
 * tools, the cron and /privacy to it (tests/store/data-map*.test.ts): a new kind of record adds its row here first.
 * Data only (its files import nothing but types), so any layer and any test can read it.
 */
export const DATA_MAP: readonly Place[] = [
  ...LEAD_PLACES,
  ...PAYMENT_PLACES,
  ...CLIENT_PLACES,
  ...GUIDE_PLACES,
  ...MESSAGE_PLACES,
  ...SITE_PLACES,
];

/** The places that hold personal data about a visitor. */
export const personalPlaces = (): Place[] => DATA_MAP.filter((p) => p.personal.length > 0);
