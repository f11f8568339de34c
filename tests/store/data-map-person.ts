/**
 * One person with a record in every place of the map of personal data (src/store/data-map.ts), written through the
 * site's own stores where it has one (SQL only for rows the site writes from code this test does not drive: a
 * ledger row, a dead lead, a visit's fingerprint), and, for each place, a probe: the words of theirs it holds and
 * whether it still holds them.
 */
import { env } from 'cloudflare:test';
import { readConfig, type Env } from '../../src/env';
import type { DraftContent } from '../../src/shared/site-content';
import { defaultContent } from '../../src/shared/default-content';
import type { BookingRecord } from '../../src/store/bookings/bookings';
import { getBookingStore } from '../../src/store/bookings/open';
import { getClientStore } from '../../src/store/clients/open';
import { clientTokenHash, newClientToken } from '../../src/clients/token';
import { getConversationStateStore, getConversationStore } from '../../src/store/conversations/open';
import { newMediaKey, objectKey } from '../../src/store/media/media';
import { getMediaStore } from '../../src/store/media/open';
import { recordOptOut } from '../../src/store/conversations/opt-outs';
import { getLeadStore } from '../../src/store/leads/open';
import { getPaymentStore } from '../../src/store/payments/open';
import { getGuideStore } from '../../src/store/guides/open';
import { getToolEventStore } from '../../src/store/newsletter/open';
import { CONTENT_KEY } from '../../src/store/site-content/published-content';
import { contentStore } from '../../src/store/site-content/site-content';
import { enquiryLead, newsletterLead, quizLead } from '../fixtures/leads';
import { uniqueMobile } from '../support/shared';
import { wamid } from '../support/whatsapp-webhook';

export interface Probe {
  /** Words of the person's that the place holds once seeded (and that their copy shows, where the map says so). */
  marker: string;
  /** Whether the place still holds them. */
  holds(): Promise<boolean>;
}

const DAY = 86_400_000;

/** Whether a D1 table holds `marker` anywhere in its rows. */
const inTable = (table: string, marker: string): Probe => ({
  marker,
  holds: async () => JSON.stringify((await env.DB.prepare(`SELECT * FROM ${table}`).all()).results).includes(marker),
});

/**
 * Seeds one person `daysAgo` days back (0: now): an address and a number of their own, a quiz response with a note,
 * a subscription and an enquiry, a lead the store refused, ledger rows, WhatsApp messages with an attachment, the
 * owners' read mark and state of them, a booked call linked to the quiz and one linked to nothing, a payment asked
 * and made on the quiz with its receipt and a refund, a package of sessions on the quiz with its terms accepted, its
 * page's link and a testimonial sent from it, a free guide asked for and the newsletter tool's report, a quote in the site content (published, then for an old person
 * replaced), and the day's fingerprints. Answers a probe per place, and the payment.
 */
export async function seedPerson(workerEnv: Env, daysAgo: number) {
  const tag = crypto.randomUUID().slice(0, 8);
  const base = Date.now() - daysAgo * DAY;
  const at = (minutes = 0) => new Date(base + minutes * 60_000).toISOString();
  const day = at().slice(0, 10);
  const email = `zoya.${tag}@example.org`;
  const phone = uniqueMobile();
  const owner = 'priya@example.com';

  const leads = getLeadStore(workerEnv);
  const quiz = quizLead({
    createdAt: at(),
    contact: { first: `zoya${tag}`, last: 'Das', email, phone },
    bookingRef: `ref${tag}`,
  });
  const sub = newsletterLead({ createdAt: at(), email, attribution: { utm_campaign: `letter-${tag}` } });
  const enquiry = enquiryLead({ createdAt: at(), name: 'Zoya Das', email, phone, description: `Enquiry ${tag}` });
  const dead = enquiryLead({ createdAt: at(), name: 'Zoya Das', email, phone, description: `Refused ${tag}` });
  for (const lead of [quiz, sub, enquiry]) await leads.save(lead);
  await leads.update('quiz', quiz.id, { note: `Desk note ${tag}`, by: owner, at: at(1) });
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO dead_leads (id, kind, lead, reason, attempts, created_at) VALUES (?, 'enquiry', ?, 'PERMISSION_DENIED', 3, ?)`,
    ).bind(dead.id, JSON.stringify(dead), at()),
    env.DB.prepare(
      `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, components, created_at, updated_at)
       VALUES (?, 'journey_users', ?, 'enquiry', 'visitor', 'sent', ?, ?, ?)`,
    ).bind(enquiry.id, phone, JSON.stringify([{ type: 'body', parameters: [{ text: `Alert ${tag}` }] }]), at(), at()),
    env.DB.prepare(
      `INSERT INTO delivery_attempts (submission_id, template, recipient, outcome, code, message, channel, at)
       VALUES (?, 'journey_users', ?, 'permanent', '131026', ?, 'graph', ?)`,
    ).bind(enquiry.id, phone, `Undeliverable ${tag}`, at()),
  ]);

  const messageId = wamid();
  await getConversationStore(workerEnv).receive({
    id: messageId,
    phone,
    at: at(2),
    type: 'document',
    text: `WhatsApp words ${tag}`,
    mediaId: `media-${tag}`,
    leads: [],
  });
  const mediaKey = newMediaKey();
  await getMediaStore(workerEnv).add({
    key: mediaKey,
    messageId,
    phone,
    at: at(2),
    kind: 'document',
    providerMediaId: `media-${tag}`,
    filename: `file-${tag}.pdf`,
    voice: false,
  });
  await workerEnv.MEDIA.put(objectKey(mediaKey), `bytes of ${tag}`);
  const states = getConversationStateStore(workerEnv);
  const readAt = new Date(base + 3 * 60_000 + Math.floor(Math.random() * 59_999)).toISOString();
  await states.markRead(phone, owner, readAt);
  await states.change(phone, { note: `State note ${tag}`, by: owner, at: at(4) });
  // A request to stop WhatsApp messages that an owner recorded for them (its time is the trace in the copy).
  const stopAt = new Date(base + 4 * 60_000 + Math.floor(Math.random() * 59_999)).toISOString();
  await recordOptOut(env.DB, readConfig(workerEnv).privacy.erasureKey, phone, { at: stopAt, how: 'owner', by: owner });

  const bookings = getBookingStore(workerEnv);
  const booking = (id: string, lead?: BookingRecord['lead']): BookingRecord => ({
    provider: 'calcom',
    id,
    status: 'booked',
    startAt: at(60),
    endAt: at(90),
    name: `Booker ${tag}`,
    email,
    eventAt: at(5),
    receivedAt: at(5),
    history: [{ event: 'created', at: at(5), startAt: at(60), endAt: at(90) }],
    ...(lead && { lead }),
  });
  const linked = booking(`cal-${tag}`, { kind: 'quiz', id: quiz.id, by: 'ref', at: at(5) });
  for (const b of [linked, booking(`cal-free-${tag}`)]) {
    await bookings.put(b);
    await bookings.markSeen(
      {
        provider: 'calcom',
        bookingId: b.id,
        event: 'created',
        at: at(5),
        startAt: b.startAt,
        endAt: b.endAt,
        name: b.name,
        email,
      },
      at(5),
    );
  }

  // A payment asked of them on the quiz, paid (its receipt with their name), partly refunded; the tool's event.
  const payments = getPaymentStore(workerEnv);
  const year = new Date(base).getUTCFullYear();
  const paymentRequest = {
    id: `request-${tag}`,
    formId: `form-${tag}`,
    lead: { kind: 'quiz' as const, id: quiz.id },
    reference: `ref${tag}-00aa11bb`,
    provider: 'razorpay' as const,
    description: `Request ${tag}`,
    amountPaise: 499_900,
    status: 'paid' as const,
    paidPaise: 499_900,
    linkId: `plink_${tag}`,
    expiresAt: at(7 * 24 * 60),
    createdBy: owner,
    createdAt: at(6),
  };
  await payments.createRequest(paymentRequest);
  const { payment } = await payments.recordPayment(
    {
      id: `payment-${tag}`,
      provider: 'razorpay',
      providerPaymentId: `pay_${tag}`,
      requestId: paymentRequest.id,
      lead: paymentRequest.lead,
      amountPaise: 499_900,
      method: 'upi',
      paidAt: at(7),
      receipt: {
        year: `${year}-${String((year + 1) % 100).padStart(2, '0')}`,
        issuerName: 'Priya Raman Coaching',
        issuerAddress: 'Pune',
        buyerName: `Payer ${tag}`,
        description: `Request ${tag}`,
        taxablePaise: 499_900,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
      },
    },
    'R',
  );
  await payments.putRefund({
    id: `rfnd_${tag}`,
    providerPaymentId: payment.providerPaymentId,
    amountPaise: 100_000,
    status: 'processed',
    createdAt: at(8),
  });
  await payments.markEvent(`evt_${tag}`, at(7));

  // A package of sessions bought on the quiz: its terms accepted, its page's link sent, a testimonial sent from it.
  const clients = getClientStore(workerEnv);
  const token = newClientToken();
  const engagement = {
    id: `engagement-${tag}`,
    lead: { kind: 'quiz' as const, id: quiz.id },
    program: 'inner-compass',
    programTitle: `Program ${tag}`,
    sessions: 6,
    validUntil: at(365 * 24 * 60).slice(0, 10),
    terms: { versionId: 1, text: `Terms ${tag}`, hash: 'a'.repeat(64) },
    reference: `${tag}${'0'.repeat(16)}`,
    link: { hash: await clientTokenHash(token), issuedAt: at(9), issuedBy: owner, expiresAt: at(180 * 24 * 60) },
    uncounted: [],
    answered: [],
    createdBy: owner,
    createdAt: at(9),
  };
  await clients.createEngagement(engagement);
  const acceptedAt = new Date(base + 10 * 60_000 + Math.floor(Math.random() * 59_999)).toISOString();
  await clients.accept(engagement.id, { versionId: 1, hash: engagement.terms.hash, at: acceptedAt });
  await clients.createTestimonial({
    id: `testimonial-${tag}`,
    engagementId: engagement.id,
    lead: engagement.lead,
    quote: `Testimonial words ${tag}`,
    name: 'Zoya D.',
    place: 'Pune',
    consentVersion: '1',
    submittedAt: at(11),
    status: 'pending',
  });

  // A free guide their address asked for and confirmed (and downloaded), and the newsletter tool's report about it.
  const guides = getGuideStore(workerEnv);
  const guideRequest = {
    id: `guide-${tag}`,
    guide: 'five-minute-reset',
    guideTitle: `Guide ${tag}`,
    email,
    consent: { version: 'newsletter-1', at: at(12) },
    source: '',
    verified: true,
    requestedAt: at(12),
    downloads: 0,
  };
  await guides.create(guideRequest);
  await guides.confirm(guideRequest.id, at(13), sub.id);
  await guides.countDownload(guideRequest.id, at(14));
  const toolEventId = `evt-tool-${tag}`;
  await getToolEventStore(workerEnv).record({
    tool: 'kit',
    eventId: toolEventId,
    email,
    kind: 'bounced',
    occurredAt: at(15),
    receivedAt: at(15),
  });

  // A quote with their address kept privately: in the draft, published; for an old person, replaced since.
  const quote = `Quote words ${tag}`;
  const content = contentStore(env.DB, env.FEEDS, () => new Date(base));
  const withQuote: DraftContent = {
    ...defaultContent(),
    testimonials: [{ quote, name: 'Zoya Das', role: 'Pune', consentDate: day, contact: email, shown: true }],
  };
  await publish(content, withQuote, owner);
  if (daysAgo > 0)
    await publish(
      contentStore(env.DB, env.FEEDS, () => new Date(base + DAY)),
      defaultContent(),
      owner,
    );

  const probes: Record<string, Probe> = {
    quiz_responses: inTable('quiz_responses', `zoya${tag}`),
    news_letter: inTable('news_letter', `letter-${tag}`),
    enquiries: inTable('enquiries', `Enquiry ${tag}`),
    // A word of the quiz's name alone: the subscription (kept until unsubscribed) has the address too.
    lead_search: inTable('lead_search', `zoya${tag}`),
    lead_desk: inTable('lead_desk', `Desk note ${tag}`),
    dead_leads: inTable('dead_leads', `Refused ${tag}`),
    bookings: inTable('bookings', `Booker ${tag}`),
    booking_events: inTable('booking_events', `cal-${tag}`),
    payment_requests: inTable('payment_requests', `Request ${tag}`),
    payments: inTable('payments', `Payer ${tag}`),
    refunds: inTable('refunds', `rfnd_${tag}`),
    payment_events: inTable('payment_events', `evt_${tag}`),
    engagements: inTable('engagements', `Program ${tag}`),
    terms_acceptances: inTable('terms_acceptances', acceptedAt),
    testimonials: inTable('testimonials', `Testimonial words ${tag}`),
    guide_requests: inTable('guide_requests', `Guide ${tag}`),
    newsletter_tool_events: inTable('newsletter_tool_events', toolEventId),
    deliveries: inTable('deliveries', `Alert ${tag}`),
    delivery_attempts: inTable('delivery_attempts', `Undeliverable ${tag}`),
    whatsapp_messages: inTable('whatsapp_messages', `WhatsApp words ${tag}`),
    whatsapp_media: inTable('whatsapp_media', `file-${tag}.pdf`),
    conversation_reads: inTable('conversation_reads', readAt),
    conversation_states: inTable('conversation_states', `State note ${tag}`),
    whatsapp_opt_outs: inTable('whatsapp_opt_outs', stopAt),
    content_draft: inTable('content_draft', quote),
    content_versions: inTable('content_versions', quote),
    'site-content:published:v1': {
      marker: quote,
      holds: async () => ((await env.FEEDS.get(CONTENT_KEY)) ?? '').includes(quote),
    },
    'whatsapp/': { marker: mediaKey, holds: async () => (await workerEnv.MEDIA.head(objectKey(mediaKey))) !== null },
  };
  if (daysAgo === 0) return { email, phone, probes, payment, token };

  // For an old person: the day's and the hour's fingerprints, and an erased contact's hash, as the site writes them.
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO visit_today (key, day, source, medium, campaign, step, client) VALUES (?, ?, ?, '', '', 1, ?)`,
    ).bind(`visit-${tag}`, day, `source-${tag}`, `client-${tag}`),
    env.DB.prepare(`INSERT INTO visit_counts (day, source, medium, campaign, visits) VALUES (?, ?, '', '', 1)`).bind(
      day,
      `counts-${tag}`,
    ),
    env.DB.prepare(`INSERT INTO visit_tally (day, scope, n) VALUES (?, ?, 1)`).bind(day, `tally-${tag}`),
    env.DB.prepare(`INSERT INTO funnel_seen (key, hour) VALUES (?, ?)`).bind(`funnel-${tag}`, at().slice(0, 13)),
    env.DB.prepare(`INSERT INTO visit_pauses (day, since, ceiling) VALUES (?, ?, 1)`).bind(day, `${at()}#${tag}`),
    env.DB.prepare(`INSERT INTO erased_contacts (hash, salt, erased_at, kind) VALUES (?, '', ?, 'email')`).bind(
      `hash-${tag}`,
      at(),
    ),
  ]);

  Object.assign(probes, {
    visit_today: inTable('visit_today', `visit-${tag}`),
    visit_tally: inTable('visit_tally', `tally-${tag}`),
    funnel_seen: inTable('funnel_seen', `funnel-${tag}`),
    visit_counts: inTable('visit_counts', `counts-${tag}`),
    visit_pauses: inTable('visit_pauses', `#${tag}`),
    erased_contacts: inTable('erased_contacts', `hash-${tag}`),
  });
  return { email, phone, probes, payment, token };
}

async function publish(store: ReturnType<typeof contentStore>, json: DraftContent, owner: string) {
  const draft = await store.readDraft();
  const saved = await store.saveDraft(json, draft.revision, owner);
  if (!saved.ok) throw new Error('the draft was not saved');
  if (!(await store.publish(owner)).ok) throw new Error('the content was not published');
}
