import type { Attribution } from '../../shared/attribution';

/**
 * Guides (issue 59). A visitor asks for a free guide with their address; the site emails a link that confirms the
 * address, and only then the download link (`/guides/:token`, 7 days) and the newsletter tool's `guide:<slug>` tag.
 * One record per request, kept with its confirmation and its downloads so /desk/sources counts each per source.
 */
export interface GuideRequestRecord {
  /** The site's own id: 128 random bits, base64url. Tokens name it; it says nothing about the person. */
  id: string;
  /** The guide's slug as published when asked for, and its title then. */
  guide: string;
  guideTitle: string;
  /** Lower-cased, as the form's schema leaves it. */
  email: string;
  /** The newsletter consent notice's version the form showed, and when it was given. */
  consent: { version: string; at: string };
  /** The visit's first touch, as a lead keeps it; and the source /desk/sources counts it under ('direct' for none, as visits name it: shared/visit-source.ts). */
  attribution?: Attribution;
  source: string;
  /** Turnstile's verdict: false when it refused the token (nothing is then sent), true otherwise. */
  verified: boolean;
  requestedAt: string;
  /** When the confirmation link was first opened; absent until then. */
  confirmedAt?: string;
  /** The newsletter subscription (a lead of kind newsletter) the confirmation made, tagged guide:<slug>. */
  subscriptionId?: string;
  /** How many times the download link served the file, and when last. */
  downloads: number;
  lastDownloadAt?: string;
}

/** One source's guide figures over a period, for /desk/sources. */
export interface GuideCounts {
  source: string;
  guide: string;
  requests: number;
  confirmations: number;
  downloads: number;
}

export interface GuideStore {
  /** Stores a new request; false (nothing written) when its id exists. */
  create(request: GuideRequestRecord): Promise<boolean>;
  get(id: string): Promise<GuideRequestRecord | null>;
  /** The newest request for this address and guide made at or after `since`: a repeat within a day sends nothing. */
  latestSince(email: string, guide: string, since: string): Promise<GuideRequestRecord | null>;
  /**
   * Marks the request confirmed at `at`, once: the record as it now stands, with `first` true only for the call
   * that confirmed it (a second opening of the link changes nothing). Null when no such request is held.
   */
  confirm(
    id: string,
    at: string,
    subscriptionId?: string,
  ): Promise<{ request: GuideRequestRecord; first: boolean } | null>;
  /** Counts one download of a confirmed request. */
  countDownload(id: string, at: string): Promise<void>;
  /** Every request an address made, newest first (the person's copy, and the subscriber's desk page). */
  forEmail(email: string): Promise<GuideRequestRecord[]>;
  /** The requests a newsletter subscription came from (the subscriber's desk page: the guides they took). */
  forSubscription(subscriptionId: string): Promise<GuideRequestRecord[]>;
  /** Requests made in [from, to), with their confirmations and downloads, per source and guide. */
  counts(from: string, to: string): Promise<GuideCounts[]>;
  /** Deletes every request of an address (an erasure); how many. */
  eraseEmail(email: string): Promise<number>;
  /**
   * Retention: deletes requests never confirmed and made before `unconfirmedBefore`, and confirmed ones made before
   * `confirmedBefore`; how many.
   */
  prune(unconfirmedBefore: string, confirmedBefore: string): Promise<number>;
}
