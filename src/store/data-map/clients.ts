import type { Place } from './place';

// Where clients live: the engagements (packages of sessions) owners start from a client's lead page, with the terms
// accepted and the private page's link, and the testimonials clients send from that page.

/** How long a client's record is kept: as long as the record it belongs to, which takes it along when it goes. */
const keptWith = (parent: string) => `with ${parent}, deleted with it (by an erasure or the cron)`;

export const CLIENT_PLACES: readonly Place[] = [
  {
    kind: 'd1',
    name: 'engagements',
    firestore: 'engagements',
    about:
      'A package of sessions a client bought: the lead, program, sessions, last valid day, the terms offered, the keyed hash of the client page’s link, the calls an owner said not to count, and who started it.',
    personal: ['lead_kind', 'lead_id', 'engagement', 'created_at'],
    other: ['id', 'reference', 'link_hash', 'payment_request_id', 'valid_until'],
    kept: keptWith('the lead it was started on'),
    pruned: true,
    copy: true,
    erasure: true,
    privacy: ['If you become a client', 'your private page'],
  },
  {
    kind: 'd1',
    name: 'terms_acceptances',
    firestore: 'terms_acceptances',
    about:
      'A client’s acceptance of an engagement’s terms, once: the terms’ version, the SHA-256 of the exact text, when.',
    personal: ['lead_kind', 'lead_id', 'accepted_at', 'acceptance'],
    other: ['engagement_id'],
    kept: keptWith('the engagement'),
    pruned: true,
    copy: true,
    erasure: true,
    privacy: ['that you accepted the terms'],
  },
  {
    kind: 'd1',
    name: 'testimonials',
    firestore: 'testimonials',
    about:
      'A testimonial a client sent from their page: the words, the name to show, role or town, the consent statement’s version, when, and whether an owner approved it or the client withdrew it.',
    personal: ['lead_kind', 'lead_id', 'testimonial', 'submitted_at'],
    other: ['id', 'engagement_id', 'status'],
    kept: keptWith('the lead it belongs to'),
    pruned: true,
    copy: true,
    erasure: true,
    privacy: ['A testimonial you send from your page', 'withdraw your consent'],
  },
];
