/**
 * The client store's contract, run against every adapter: D1 for real inside workerd, and Firestore over REST against
 * the stand-in. Both give the same answers: an engagement and a testimonial are stored once and written whole, the
 * terms are accepted once and no later write undoes it, an engagement is found by its link, reference and payment
 * request, the lists come in their order and within their limit, and a lead's erasure takes its engagements, their
 * acceptances and its testimonials and nothing of anyone else's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { engagementForToken } from '../../../src/clients/open-page';
import { issueLink } from '../../../src/clients/start';
import { D1ClientStore } from '../../../src/store/clients/clients-d1';
import { FirestoreClientStore } from '../../../src/store/clients/clients-firestore';
import { getClientStore } from '../../../src/store/clients/open';
import { ADAPTERS, at, engagement, link, newLead, testimonial } from './client-records';

afterEach(() => vi.unstubAllGlobals());

const ids = (list: Array<{ id: string }>) => list.map((r) => r.id);
const acceptance = (h: number, versionId = 3) => ({ versionId, hash: 'b'.repeat(64), at: at(h) });

describe.each(ADAPTERS)('ClientStore contract: %s', (name, makeEnv) => {
  it('chooses the adapter of the lead store', async () => {
    const store = getClientStore(await makeEnv());
    expect(store).toBeInstanceOf(name === 'D1' ? D1ClientStore : FirestoreClientStore);
  });

  it('stores an engagement once: a second one with its id answers false and changes nothing', async () => {
    const store = getClientStore(await makeEnv());
    const e = engagement(newLead(), 0);
    await expect(store.createEngagement(e)).resolves.toBe(true);
    await expect(store.createEngagement({ ...e, sessions: 12, reference: 'ab'.repeat(12) })).resolves.toBe(false);
    await expect(store.getEngagement(e.id)).resolves.toEqual(e);
    await expect(store.engagementByReference('ab'.repeat(12))).resolves.toBeNull();
    await expect(store.getEngagement('no-such-engagement')).resolves.toBeNull();
    const { terms: _none, ...withoutTerms } = engagement(newLead(), 1);
    await store.createEngagement(withoutTerms);
    await expect(store.getEngagement(withoutTerms.id)).resolves.toEqual(withoutTerms);
  });

  it('writes an engagement whole, found then by its link, reference and payment request', async () => {
    const store = getClientStore(await makeEnv());
    const e = engagement(newLead(), 0, { paymentRequestId: 'request-1' });
    await store.createEngagement(e);
    await expect(store.engagementByLink('c'.repeat(64))).resolves.toBeNull();
    const linked = { ...e, link: link('c'.repeat(64)), uncounted: ['cal-1'], answered: ['cal-1', 'cal-2'] };
    await store.putEngagement(linked);
    await expect(store.getEngagement(e.id)).resolves.toEqual(linked);
    await expect(store.engagementByLink('c'.repeat(64))).resolves.toEqual(linked);
    await expect(store.engagementByReference(e.reference)).resolves.toEqual(linked);
    await expect(store.engagementByPaymentRequest('request-1')).resolves.toEqual(linked);
    // A fresh link replaces the old one; a write without a link (revoked) leaves none to find.
    const fresh = { ...linked, link: link('d'.repeat(64), 5) };
    await store.putEngagement(fresh);
    await expect(store.engagementByLink('c'.repeat(64))).resolves.toBeNull();
    await expect(store.engagementByLink('d'.repeat(64))).resolves.toEqual(fresh);
    const { link: _gone, ...revoked } = { ...fresh, revokedAt: at(6), revokedBy: 'priya@example.com' };
    await store.putEngagement(revoked);
    await expect(store.engagementByLink('d'.repeat(64))).resolves.toBeNull();
    await expect(store.getEngagement(e.id)).resolves.toEqual(revoked);
    await expect(store.engagementByReference('ef'.repeat(12))).resolves.toBeNull();
    await expect(store.engagementByPaymentRequest('request-2')).resolves.toBeNull();
  });

  it('records the acceptance once: a second answers false, the first is kept, and no write undoes it', async () => {
    const store = getClientStore(await makeEnv());
    const e = engagement(newLead(), 0, { link: link('e'.repeat(64)) });
    await store.createEngagement(e);
    await expect(store.accept(e.id, acceptance(1))).resolves.toBe(true);
    await expect(store.accept(e.id, acceptance(2, 4))).resolves.toBe(false);
    const accepted = { ...e, accepted: acceptance(1) };
    await expect(store.getEngagement(e.id)).resolves.toEqual(accepted);
    await expect(store.engagementByLink('e'.repeat(64))).resolves.toEqual(accepted);
    // A copy read before the client accepted, written whole afterwards, does not take the acceptance away.
    await store.putEngagement({ ...e, sessions: 8 });
    await expect(store.getEngagement(e.id)).resolves.toEqual({ ...accepted, sessions: 8 });
    await store.putEngagement({ ...e, accepted: acceptance(9, 7) });
    await expect(store.getEngagement(e.id)).resolves.toEqual(accepted);
    await expect(store.accept('no-such-engagement', acceptance(1))).resolves.toBe(false);
  });

  it('keeps one of two acceptances made at once', async () => {
    const store = getClientStore(await makeEnv());
    const e = engagement(newLead(), 0);
    await store.createEngagement(e);
    const answers = await Promise.all([store.accept(e.id, acceptance(1)), store.accept(e.id, acceptance(2, 4))]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    const kept = answers[0] ? acceptance(1) : acceptance(2, 4);
    await expect(store.getEngagement(e.id)).resolves.toEqual({ ...e, accepted: kept });
  });

  it('lists a lead’s engagements newest first, and those valid from a day, soonest to end first, at most the limit', async () => {
    const store = getClientStore(await makeEnv());
    const lead = newLead();
    const days = ['2030-09-30', '2030-07-31', '2030-12-31'];
    const mine = days.map((validUntil, h) => engagement(lead, h * 10, { validUntil }));
    const ended = engagement(newLead(), 5, { validUntil: '2030-06-30' });
    const other = engagement(newLead(), 15, { validUntil: '2030-08-15' });
    for (const e of [...mine, ended, other]) await store.createEngagement(e);
    await store.accept(mine[1]!.id, acceptance(12));
    const forLead = await store.engagementsForLead(lead);
    expect(ids(forLead)).toEqual(ids([...mine].reverse()));
    expect(forLead[1]?.accepted).toEqual(acceptance(12));
    await expect(store.engagementsForLead({ kind: 'enquiry', id: lead.id })).resolves.toEqual([]);
    expect(ids(await store.validFrom('2030-07-31', 10))).toEqual(ids([mine[1]!, other, mine[0]!, mine[2]!]));
    expect(ids(await store.validFrom('2030-07-01', 2))).toEqual(ids([mine[1]!, other]));
    expect(ids(await store.validFrom('2030-08-16', 10))).toEqual(ids([mine[0]!, mine[2]!]));
    await expect(store.validFrom('2031-01-01', 10)).resolves.toEqual([]);
  });

  it('stores a testimonial once and writes it whole; lists an engagement’s and a status’s newest first', async () => {
    const store = getClientStore(await makeEnv());
    const e = engagement(newLead(), 0);
    const another = engagement(newLead(), 0);
    const ts = [10, 30, 20].map((h) => testimonial(e, h));
    const theirs = testimonial(another, 25);
    for (const t of [...ts, theirs]) await expect(store.createTestimonial(t)).resolves.toBe(true);
    await expect(store.createTestimonial({ ...ts[0]!, quote: 'Something else' })).resolves.toBe(false);
    await expect(store.getTestimonial(ts[0]!.id)).resolves.toEqual(ts[0]);
    await expect(store.getTestimonial('no-such-testimonial')).resolves.toBeNull();
    expect(ids(await store.testimonialsFor(e.id))).toEqual(ids([ts[1]!, ts[2]!, ts[0]!]));
    await expect(store.testimonialsFor('no-such-engagement')).resolves.toEqual([]);
    expect(ids(await store.testimonialsIn('pending', 10))).toEqual(ids([ts[1]!, theirs, ts[2]!, ts[0]!]));
    expect(ids(await store.testimonialsIn('pending', 2))).toEqual(ids([ts[1]!, theirs]));

    const approved = { ...ts[1]!, status: 'approved' as const, decidedBy: 'priya@example.com', decidedAt: at(40) };
    await store.putTestimonial(approved);
    await expect(store.getTestimonial(approved.id)).resolves.toEqual(approved);
    expect(ids(await store.testimonialsIn('pending', 10))).toEqual(ids([theirs, ts[2]!, ts[0]!]));
    await expect(store.testimonialsIn('approved', 10)).resolves.toEqual([approved]);
    const withdrawn = { ...approved, status: 'withdrawn' as const, withdrawnAt: at(50) };
    await store.putTestimonial(withdrawn);
    await expect(store.testimonialsIn('approved', 10)).resolves.toEqual([]);
    await expect(store.testimonialsIn('withdrawn', 10)).resolves.toEqual([withdrawn]);
    expect(await store.testimonialsFor(e.id)).toContainEqual(withdrawn);
  });

  it('erases a lead: its engagements, their acceptances and its testimonials, nothing of another lead', async () => {
    const workerEnv = await makeEnv();
    const store = getClientStore(workerEnv);
    const lead = newLead();
    const [first, second] = [engagement(lead, 0, { paymentRequestId: 'request-9' }), engagement(lead, 1)];
    const kept = engagement(newLead(), 2);
    for (const e of [first, second, kept]) await store.createEngagement(e);
    for (const e of [first, kept]) await store.accept(e.id, acceptance(3));
    const mine = [testimonial(first, 4), testimonial(second, 5)];
    const notMine = testimonial(kept, 6);
    for (const t of [...mine, notMine]) await store.createTestimonial(t);
    const now = new Date(at(7));
    const { token } = await issueLink(workerEnv, first, 'priya@example.com', now);
    await expect(engagementForToken(workerEnv, token, now)).resolves.toMatchObject({ id: first.id });

    await expect(store.eraseLead(lead)).resolves.toEqual({ engagements: 2, testimonials: 2 });
    // The link's row is gone: the page answers as for any unknown token.
    await expect(engagementForToken(workerEnv, token, now)).resolves.toBeNull();
    await expect(store.getEngagement(first.id)).resolves.toBeNull();
    await expect(store.engagementByReference(second.reference)).resolves.toBeNull();
    await expect(store.engagementByPaymentRequest('request-9')).resolves.toBeNull();
    await expect(store.engagementsForLead(lead)).resolves.toEqual([]);
    await expect(store.testimonialsFor(first.id)).resolves.toEqual([]);
    await expect(store.getTestimonial(mine[1]!.id)).resolves.toBeNull();
    expect(ids(await store.validFrom('2030-01-01', 10))).toEqual([kept.id]);
    // The acceptance went with its engagement: the same engagement stored again has none and may be accepted.
    await store.createEngagement(first);
    await expect(store.getEngagement(first.id)).resolves.toEqual(first);
    await expect(store.accept(first.id, acceptance(8))).resolves.toBe(true);
    await store.eraseLead(lead);

    await expect(store.getEngagement(kept.id)).resolves.toEqual({ ...kept, accepted: acceptance(3) });
    await expect(store.testimonialsIn('pending', 10)).resolves.toEqual([notMine]);
    await expect(store.eraseLead(lead)).resolves.toEqual({ engagements: 0, testimonials: 0 });
  });
});
