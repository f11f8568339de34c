/**
 * A paid payment request for a program whose published content has `sessions` starts the client's engagement itself,
 * on D1 and on Firestore: once (the webhook repeated, or two deliveries at once, still one), that many sessions,
 * valid CLIENT_LINK_DAYS from the payment, the program's published terms with their version and hash, a live link;
 * a program without sessions, or a deposit alone, starts none.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { engagementForToken } from '../../src/clients/open-page';
import { termsHash } from '../../src/clients/start';
import type { JobOf } from '../../src/queue/jobs';
import { captureQueue, consume, takeJobs } from '../support/queue';
import { indiaDay } from '../../src/clients/validity';
import { defaultContent } from '../../src/shared/default-content';
import { getClientStore } from '../../src/store/clients/open';
import { getLeadStore } from '../../src/store/leads/open';
import { CONTENT_KEY, forgetPublished, putPublished } from '../../src/store/site-content/published-content';
import type { Env } from '../../src/env';
import { D1_AND_FIRESTORE } from '../support/firestore';
import { newRazorpay, paidEvent, payingLead, paymentsEnv, postRazorpay, requestPayment } from './webhook-support';

const TERMS = 'Sessions are 60 minutes.\nA session missed without a day’s notice counts as used.';
const DAY = 86_400_000;

/** The published content: the retreats with `sessions` (and terms) or without. */
async function publish(workerEnv: Env, sessions?: number) {
  const content = defaultContent();
  content.programs = content.programs.map((p) =>
    p.slug === 'retreats-workshops' ? { ...p, ...(sessions && { sessions, terms: TERMS }) } : p,
  );
  forgetPublished(workerEnv.FEEDS);
  await putPublished(workerEnv.FEEDS, { versionId: 7, content });
}

describe.each(D1_AND_FIRESTORE)('a paid request starts an engagement on %s', (_, makeEnv) => {
  let workerEnv: Env;
  afterEach(async () => {
    vi.restoreAllMocks();
    await workerEnv.FEEDS.delete(CONTENT_KEY);
    forgetPublished(workerEnv.FEEDS);
  });

  it('starts one engagement with the program’s sessions and terms, however often the webhook comes', async () => {
    workerEnv = paymentsEnv(await makeEnv(), { CLIENT_LINK_DAYS: '90', RESULT_EMAIL_FROM: 'site@example.com' });
    const queued = captureQueue(workerEnv);
    await publish(workerEnv, 6);
    const razorpay = newRazorpay();
    const lead = await payingLead(workerEnv);
    const request = await requestPayment(workerEnv, razorpay, lead);
    const paidAt = Date.now() - 60_000;
    const { body } = paidEvent(razorpay, request.linkId!, { at: paidAt });
    const answers = await Promise.all([postRazorpay(workerEnv, body), postRazorpay(workerEnv, body)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect((await postRazorpay(workerEnv, body)).status).toBe(200);

    const engagements = await getClientStore(workerEnv).engagementsForLead({ kind: lead.kind, id: lead.id });
    expect(engagements).toHaveLength(1);
    const [engagement] = engagements;
    expect(engagement).toMatchObject({
      program: 'retreats-workshops',
      programTitle: 'Retreats & Workshops',
      sessions: 6,
      paymentRequestId: request.id,
      terms: { versionId: 7, text: TERMS, hash: await termsHash(TERMS) },
      createdBy: 'Razorpay',
      uncounted: [],
      answered: [],
    });
    expect(engagement!.accepted).toBeUndefined();
    // Valid through the 90th day after the payment (India), the link as long.
    const last = indiaDay(new Date(engagement!.createdAt));
    expect([indiaDay(new Date(paidAt + 90 * DAY)), indiaDay(new Date(Date.parse(last) + 90 * DAY))]).toContain(
      engagement!.validUntil,
    );
    expect(engagement!.link).toMatchObject({ issuedBy: 'Razorpay' });
    expect(engagement!.link!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await getClientStore(workerEnv).engagementByPaymentRequest(request.id)).toEqual(engagement);
    expect((await getLeadStore(workerEnv).get(lead.kind, lead.id))?.desk.status).toBe('client');

    // Its link is sent once, as when an owner starts one: the consumer chooses the channels (here: email).
    const [job, ...others] = takeJobs(queued, 'client-link') as JobOf<'client-link'>[];
    expect(others).toEqual([]);
    expect(job).toMatchObject({ engagementId: engagement!.id, channel: 'any' });
    expect(await engagementForToken(workerEnv, job!.token, new Date())).toMatchObject({ id: engagement!.id });
    await consume(workerEnv, [job!]);
    expect(takeJobs(queued, 'client-link')).toEqual([{ ...job, channel: 'email' }]);
  });

  it('starts none for a program without sessions, nor for a deposit alone', async () => {
    workerEnv = paymentsEnv(await makeEnv());
    await publish(workerEnv);
    const razorpay = newRazorpay();
    const lead = await payingLead(workerEnv);
    const request = await requestPayment(workerEnv, razorpay, lead);
    await postRazorpay(workerEnv, paidEvent(razorpay, request.linkId!, { at: Date.now() - 60_000 }).body);
    expect((await getLeadStore(workerEnv).get(lead.kind, lead.id))?.desk.status).toBe('client');
    expect(await getClientStore(workerEnv).engagementsForLead({ kind: lead.kind, id: lead.id })).toEqual([]);

    await publish(workerEnv, 4);
    const other = await payingLead(workerEnv);
    const partly = await requestPayment(workerEnv, razorpay, other, { depositPaise: 100000 });
    await postRazorpay(
      workerEnv,
      paidEvent(razorpay, partly.linkId!, { amount: 100000, at: Date.now() - 60_000 }).body,
    );
    expect(await getClientStore(workerEnv).engagementsForLead({ kind: other.kind, id: other.id })).toEqual([]);
  });
});
