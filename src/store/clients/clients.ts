import type { LeadRef } from '../payments/payments';

export type { LeadRef };

/**
 * Clients (issue 57). An engagement is what a client bought: a program's package of sessions valid until a day, with
 * the terms they accept once, a private page opened from a link (`/c/:token`) and its own booking reference, so the
 * calls booked from that page come back linked to the same client and count against the package.
 *
 * A testimonial is what a client sent from their page after an owner asked: pending until an owner approves it into
 * the content draft; the client may withdraw their consent at any time.
 */

/** The terms the client is asked to accept: the exact text, the content version it was published in, its hash. */
export interface EngagementTerms {
  /** The published content version whose program terms these are. */
  versionId: number;
  text: string;
  /** SHA-256 of the exact text, lower-case hex. */
  hash: string;
}

/** The client's acceptance of the terms, once: the version and the hash of the exact text they saw, and when. */
export interface TermsAcceptance {
  versionId: number;
  hash: string;
  at: string;
}

/**
 * The client's private link. Only the token's hash is stored (keyedHash of the token); the token itself is in the
 * message the client was sent and nowhere else.
 */
export interface ClientLink {
  hash: string;
  issuedAt: string;
  issuedBy: string;
  /** The link stops working after this instant: the engagement's last day or CLIENT_LINK_DAYS, the sooner. */
  expiresAt: string;
}

export interface EngagementRecord {
  /** The site's own id: 128 random bits, base64url (desk addresses carry it; it says nothing about the client). */
  id: string;
  lead: LeadRef;
  /** The program (slug) it is for, and its title when the engagement started. */
  program: string;
  programTitle: string;
  /** How many sessions the package holds: 1–50. */
  sessions: number;
  /** The last day it is valid, YYYY-MM-DD (India): through the end of that day. */
  validUntil: string;
  /** The terms to accept; absent when the program has none published. */
  terms?: EngagementTerms;
  accepted?: TermsAcceptance;
  /** The reference its "Book next session" link carries (96 random bits, hex), like a lead's bookingRef. */
  reference: string;
  /** The live link; absent once revoked (or never sent). */
  link?: ClientLink;
  /** When an owner last revoked the link, and who. */
  revokedAt?: string;
  revokedBy?: string;
  /** No-show calls (booking ids) an owner said not to count; any other no-show counts. */
  uncounted: string[];
  /** No-show calls an owner answered "count this session?" for (counted or not): the desk stops asking. */
  answered: string[];
  /** When an owner asked for a testimonial, and who. */
  testimonialAskedAt?: string;
  testimonialAskedBy?: string;
  /** The payment request that started it, when a paid request for a program with sessions did. */
  paymentRequestId?: string;
  createdBy: string;
  createdAt: string;
}

export const TESTIMONIAL_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type TestimonialStatus = (typeof TESTIMONIAL_STATUSES)[number];

export interface TestimonialRecord {
  /** 128 random bits, base64url. */
  id: string;
  engagementId: string;
  lead: LeadRef;
  /** The words, the name as it should be shown, a role or a town. */
  quote: string;
  name: string;
  place: string;
  /** The version of the consent statement the client ticked (src/words/clients). */
  consentVersion: string;
  submittedAt: string;
  status: TestimonialStatus;
  /** The owner who approved or declined it, and when. */
  decidedBy?: string;
  decidedAt?: string;
  withdrawnAt?: string;
}

/**
 * The clients' port, on the lead store (D1 locally, Firestore in production); both adapters behave the same
 * (tests/store/clients/client-store.contract.test.ts).
 */
export interface ClientStore {
  /** Stores a new engagement; false when one with its id exists (then nothing changes). */
  createEngagement(engagement: EngagementRecord): Promise<boolean>;
  getEngagement(id: string): Promise<EngagementRecord | null>;
  /** Writes the engagement whole. */
  putEngagement(engagement: EngagementRecord): Promise<void>;
  /** The engagement whose live link has this token hash (expiry is the caller's to check). */
  engagementByLink(hash: string): Promise<EngagementRecord | null>;
  /** The engagement whose booking reference this is. */
  engagementByReference(reference: string): Promise<EngagementRecord | null>;
  /** The engagement a payment request started. */
  engagementByPaymentRequest(requestId: string): Promise<EngagementRecord | null>;
  /** A lead's engagements, newest first. */
  engagementsForLead(lead: LeadRef): Promise<EngagementRecord[]>;
  /** Engagements valid on or after `day` (YYYY-MM-DD), the soonest to end first, at most `limit`: /desk/clients. */
  validFrom(day: string, limit: number): Promise<EngagementRecord[]>;
  /**
   * Records the acceptance once: false when the engagement already has one (which then stays as it is) or is gone.
   */
  accept(id: string, acceptance: TermsAcceptance): Promise<boolean>;

  /** Stores a new testimonial; false when one with its id exists. */
  createTestimonial(testimonial: TestimonialRecord): Promise<boolean>;
  getTestimonial(id: string): Promise<TestimonialRecord | null>;
  /** Writes the testimonial whole. */
  putTestimonial(testimonial: TestimonialRecord): Promise<void>;
  /** An engagement's testimonials, newest first. */
  testimonialsFor(engagementId: string): Promise<TestimonialRecord[]>;
  /** Testimonials in a status, newest first, at most `limit`: the desk's pending list. */
  testimonialsIn(status: TestimonialStatus, limit: number): Promise<TestimonialRecord[]>;

  /** A person's erasure, or the lead's deletion by retention: deletes its engagements and testimonials. */
  eraseLead(lead: LeadRef): Promise<{ engagements: number; testimonials: number }>;
}
