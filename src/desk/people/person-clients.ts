import type { Env } from '../../env';
import { countSessions } from '../../clients/sessions';
import type { BookingRecord } from '../../store/bookings/bookings';
import type { EngagementRecord, TestimonialRecord } from '../../store/clients/clients';
import { getClientStore } from '../../store/clients/open';
import type { LeadRecord } from '../../store/leads/listing';

/** Where a client page's link stands: sent and working, past its time, revoked by an owner, or never sent. */
export type LinkState = 'live' | 'expired' | 'revoked' | 'none';

/** An engagement as the people tools show it: the record, where its link stands and its sessions used and left. */
export interface PersonEngagement {
  engagement: EngagementRecord;
  link: LinkState;
  used: number;
  left: number;
}

/** What the client store holds on a person's leads: their engagements (newest first) and the testimonials they sent. */
export interface PersonClients {
  engagements: PersonEngagement[];
  testimonials: TestimonialRecord[];
}

export function linkState(engagement: EngagementRecord, now: Date): LinkState {
  if (engagement.link) return Date.parse(engagement.link.expiresAt) > now.getTime() ? 'live' : 'expired';
  return engagement.revokedAt ? 'revoked' : 'none';
}

/**
 * The engagements of the person's leads, each with its sessions counted from the person's bookings (a call counts
 * only when it carries the engagement's reference), and the testimonials sent from them, newest first.
 */
export async function clientsOfPerson(
  env: Env,
  leads: LeadRecord[],
  bookings: BookingRecord[],
  now: Date,
): Promise<PersonClients> {
  const store = getClientStore(env);
  const engagements: EngagementRecord[] = [];
  for (const lead of leads) engagements.push(...(await store.engagementsForLead({ kind: lead.kind, id: lead.id })));
  const testimonials = (await Promise.all(engagements.map((e) => store.testimonialsFor(e.id)))).flat();
  return {
    engagements: engagements
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((engagement) => {
        const { used, left } = countSessions(engagement, bookings, now);
        return { engagement, link: linkState(engagement, now), used, left };
      }),
    testimonials: testimonials.sort((a, b) => b.submittedAt.localeCompare(a.submittedAt)),
  };
}

/**
 * The engagements and testimonials as a person's copy shows them: what they bought, the terms offered and their
 * acceptance (version, the hash of the exact text, when), where their page's link stands and the sessions used and
 * left; every testimonial with its words, name, place, consent version and status. Never the link's hash (a key to
 * their page) nor the engagement's booking reference.
 */
export function clientsCopy({ engagements, testimonials }: PersonClients) {
  return {
    engagements: engagements.map(({ engagement: e, link, used, left }) => ({
      lead: e.lead,
      program: e.program,
      programTitle: e.programTitle,
      sessions: e.sessions,
      sessionsUsed: used,
      sessionsLeft: left,
      validUntil: e.validUntil,
      ...(e.terms && { terms: { version: e.terms.versionId, text: e.terms.text, sha256: e.terms.hash } }),
      termsAccepted: e.accepted ? { version: e.accepted.versionId, sha256: e.accepted.hash, at: e.accepted.at } : null,
      pageLink: {
        state: link,
        ...(e.link && { sentAt: e.link.issuedAt, sentBy: e.link.issuedBy, worksUntil: e.link.expiresAt }),
        ...(e.revokedAt && { revokedAt: e.revokedAt, revokedBy: e.revokedBy }),
      },
      noShowsNotCounted: e.uncounted.length,
      ...(e.testimonialAskedAt && { testimonialAskedAt: e.testimonialAskedAt }),
      ...(e.paymentRequestId && { startedByPaymentRequest: e.paymentRequestId }),
      startedBy: e.createdBy,
      startedAt: e.createdAt,
    })),
    testimonials: testimonials.map((t) => ({
      program: engagements.find((p) => p.engagement.id === t.engagementId)?.engagement.programTitle,
      quote: t.quote,
      name: t.name,
      place: t.place,
      consentVersion: t.consentVersion,
      submittedAt: t.submittedAt,
      status: t.status,
      ...(t.decidedAt && { decidedAt: t.decidedAt }),
      ...(t.withdrawnAt && { withdrawnAt: t.withdrawnAt }),
    })),
  };
}

/**
 * A person's erasure in the client store: each lead's engagements (their link's hash with them, so the page answers
 * 404), the terms acceptances and the testimonials. Answers how many engagements and testimonials.
 */
export async function eraseClients(
  env: Env,
  leads: LeadRecord[],
): Promise<{ engagements: number; testimonials: number }> {
  const store = getClientStore(env);
  const counts = { engagements: 0, testimonials: 0 };
  for (const lead of leads) {
    const erased = await store.eraseLead({ kind: lead.kind, id: lead.id });
    counts.engagements += erased.engagements;
    counts.testimonials += erased.testimonials;
  }
  return counts;
}
