// The shape of one row of the map of personal data (src/store/data-map.ts). Types only: the map is data that every
// layer and test can read without pulling in code.

/**
 * One place the site writes: a D1 table (in production the same data may live in a Firestore collection of the
 * same name), a KV key or an R2 key prefix. "Personal" means about a visitor, the person the owners' People page
 * finds, copies and erases; the owners' own Access emails (who changed what) are not counted as personal here.
 */
export type Place = D1Place | KvPlace | R2Place;

interface PlaceCommon {
  /** The table, the KV key, or the R2 key prefix. */
  name: string;
  /** What it holds, in plain words. */
  about: string;
  /** The fields (columns, document fields or parts of a stored value) that hold personal data; [] for none. */
  personal: readonly string[];
  /** How long a row is kept, in plain words that match the code (and /privacy where it says). */
  kept: string;
  /** Whether the cron deletes rows by their age (the retention rule above is applied by the cron). */
  pruned: boolean;
  /** Whether the person's copy (People → copy) shows what this place holds about them. */
  copy: boolean;
  /** True when a person's erasure removes their data here; otherwise why not. */
  erasure: true | string;
  /** Words of /privacy that name this kind of data; every place with personal data has at least one. */
  privacy: readonly string[];
}

export interface D1Place extends PlaceCommon {
  kind: 'd1';
  /** The columns that hold no personal data: with `personal`, every column of the table, so a new one is noticed. */
  other: readonly string[];
  /** The Firestore collection that holds the same data in production (the lead store's database), if any. */
  firestore?: string;
}

export interface KvPlace extends PlaceCommon {
  kind: 'kv';
}

export interface R2Place extends PlaceCommon {
  kind: 'r2';
}
