/**
 * A client on the People page, in both stores: their packages of sessions (sessions used and left counted from the
 * calls booked through the package, the terms and their acceptance, where the page's link stands) and the
 * testimonials they sent are found, shown and in their copy, never the link's hash nor the package's reference; their
 * erasure deletes them, and the page's link then opens nothing; another client's are untouched.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postForm } from '../../support/api';
import type { Env } from '../../../src/env';
import { engagementForToken } from '../../../src/clients/open-page';
import { issueLink, revokeLink, startEngagement } from '../../../src/clients/start';
import { getBookingStore } from '../../../src/store/bookings/open';
import { getClientStore } from '../../../src/store/clients/open';
import { getLeadStore } from '../../../src/store/leads/open';
import { quizLead } from '../../fixtures/leads';
import { firestoreEnv } from '../../support/firestore';
import { graphEnv } from '../../standins/whatsapp/graph-api';

afterEach(() => vi.unstubAllGlobals());

const OWNER = 'priya@example.com';
const HOUR = 3_600_000;
const terms = { versionId: 3, text: 'Sessions move with 24 hours’ notice.', hash: 'c'.repeat(64) };

const stores: Array<[string, () => Promise<Env>]> = [
  ['D1', async () => graphEnv()],
  ['Firestore', async () => (await firestoreEnv('emulator')).env],
];

describe.each(stores)('a client on the People page: %s', (_name, makeEnv) => {
  /** A client with a six-session package (terms accepted, one call held), an older revoked one, a testimonial. */
  async function seed() {
    const workerEnv = await makeEnv();
    const tag = crypto.randomUUID().slice(0, 8);
    const email = `asha.${tag}@example.org`;
    const lead = quizLead({ contact: { first: 'Asha', last: 'Verma', email, phone: '' } });
    const other = quizLead({ contact: { first: 'Ravi', last: 'Rao', email: `ravi.${tag}@example.org`, phone: '' } });
    for (const l of [lead, other]) await getLeadStore(workerEnv).save(l);
    const now = new Date();
    const start = (l: typeof lead, title: string, ago: number) =>
      startEngagement(
        workerEnv,
        {
          lead: { kind: 'quiz', id: l.id },
          program: 'inner-compass',
          programTitle: title,
          sessions: 6,
          validUntil: '2099-12-31',
          terms,
        },
        OWNER,
        new Date(now.getTime() - ago * HOUR),
      );
    const older = await revokeLink(
      workerEnv,
      (await issueLink(workerEnv, await start(lead, 'Retreat', 48), OWNER, now)).engagement,
      OWNER,
      now,
    );
    const { engagement, token } = await issueLink(workerEnv, await start(lead, 'Inner Compass', 24), OWNER, now);
    const { token: otherToken, engagement: theirs } = await issueLink(
      workerEnv,
      await start(other, 'Inner Compass', 24),
      OWNER,
      now,
    );
    const acceptedAt = new Date(now.getTime() - 20 * HOUR).toISOString();
    await getClientStore(workerEnv).accept(engagement.id, { versionId: 3, hash: terms.hash, at: acceptedAt });
    // One call booked through the package and held; one booked through it still to come.
    const call = (id: string, hoursAgo: number) => ({
      provider: 'calcom' as const,
      id,
      status: 'booked' as const,
      startAt: new Date(now.getTime() - hoursAgo * HOUR).toISOString(),
      endAt: new Date(now.getTime() - (hoursAgo - 1) * HOUR).toISOString(),
      name: 'Asha Verma',
      email,
      ref: engagement.reference,
      lead: { kind: 'quiz' as const, id: lead.id, by: 'ref', at: now.toISOString() },
      eventAt: now.toISOString(),
      receivedAt: now.toISOString(),
      history: [],
    });
    for (const b of [call(`cal-${tag}-1`, 10), call(`cal-${tag}-2`, -10)]) await getBookingStore(workerEnv).put(b);
    const quote = `Clear and kind, every call ${tag}`;
    const testimonialId = `t-${tag}`;
    await getClientStore(workerEnv).createTestimonial({
      id: testimonialId,
      engagementId: engagement.id,
      lead: engagement.lead,
      quote,
      name: 'Asha V.',
      place: 'Pune',
      consentVersion: '1',
      submittedAt: new Date(now.getTime() - HOUR).toISOString(),
      status: 'pending',
    });
    return { workerEnv, email, engagement, older, token, theirs, otherToken, acceptedAt, quote, testimonialId, now };
  }

  it('shows their packages and testimonials on the page, and holds them in the copy without the link', async () => {
    const s = await seed();
    const html = await (await postForm(s.workerEnv, '/desk/people', { q: s.email })).text();
    expect(html).toContain('As a client');
    expect(html).toContain('Inner Compass: 6 sessions, 1 used, 5 left');
    expect(html).toContain('Retreat: 6 sessions, 0 used, 6 left');
    expect(html).toMatch(/terms \(version 3\) accepted \d/);
    expect(html).toContain('terms not accepted yet');
    expect(html).toMatch(/page link works until \d/);
    expect(html).toMatch(/page link revoked \d/);
    expect(html).toContain(s.quote);
    expect(html).toContain('waiting for an owner');

    const res = await postForm(s.workerEnv, '/desk/people/export.json', { q: s.email });
    expect(res.status).toBe(200);
    const text = await res.text();
    const copy = JSON.parse(text) as { asAClient: { engagements: unknown[]; testimonials: unknown[] } };
    expect(copy.asAClient.engagements).toEqual([
      expect.objectContaining({
        programTitle: 'Inner Compass',
        sessions: 6,
        sessionsUsed: 1,
        sessionsLeft: 5,
        validUntil: '2099-12-31',
        terms: { version: 3, text: terms.text, sha256: terms.hash },
        termsAccepted: { version: 3, sha256: terms.hash, at: s.acceptedAt },
        pageLink: expect.objectContaining({ state: 'live', worksUntil: s.engagement.link!.expiresAt }),
      }),
      expect.objectContaining({
        programTitle: 'Retreat',
        termsAccepted: null,
        pageLink: expect.objectContaining({ state: 'revoked', revokedAt: s.older.revokedAt }),
      }),
    ]);
    expect(copy.asAClient.testimonials).toEqual([
      expect.objectContaining({ quote: s.quote, name: 'Asha V.', place: 'Pune', status: 'pending' }),
    ]);
    // Never the link's hash (a key to their page) nor the token; the package's reference shows only on their calls.
    for (const secret of [s.engagement.link!.hash, s.token]) expect(text).not.toContain(secret);
    expect(JSON.stringify(copy.asAClient)).not.toContain(s.engagement.reference);
  });

  it('erases them: the packages, the acceptance and the testimonial go, the link opens nothing', async () => {
    const s = await seed();
    await expect(engagementForToken(s.workerEnv, s.token, s.now)).resolves.not.toBeNull();
    const res = await postForm(s.workerEnv, '/desk/people/erase', { q: s.email, confirm: s.email });
    expect(res.status).toBe(303);
    await expect(engagementForToken(s.workerEnv, s.token, s.now)).resolves.toBeNull();
    const store = getClientStore(s.workerEnv);
    await expect(store.engagementsForLead(s.engagement.lead)).resolves.toEqual([]);
    await expect(store.getTestimonial(s.testimonialId)).resolves.toBeNull();
    await expect(store.testimonialsFor(s.engagement.id)).resolves.toEqual([]);
    // The erasure log counts them (never what they held); another client's package and link are untouched.
    const log = await (await postForm(s.workerEnv, '/desk/people', { q: s.email })).text();
    expect(log).toMatch(/2 client packages, 1 testimonial sent/);
    await expect(engagementForToken(s.workerEnv, s.otherToken, s.now)).resolves.toMatchObject({ id: s.theirs.id });
  });
});
