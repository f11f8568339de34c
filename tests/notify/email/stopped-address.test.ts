/**
 * No quiz result email to an address the newsletter tool stopped (issue 59): a bounce reported by Kit's webhook keeps
 * the result email from going, on its first try and when its job dies, and the skip is logged without the address.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { QUIZ_RESULT_EMAIL } from '../../../src/notify/email/result-email';
import { quizLead, job } from '../../fixtures/leads';
import { deliver, ledgerRows } from '../../support/queue';
import { callWorker } from '../../support/api';
import { loggedEvents } from '../../support/logs';
import { allowConsoleErrors } from '../../setup';
import { EmailStandin } from '../../standins/email';
import { uniqueMobile } from '../../support/shared';
import { GRAPH_VARS, GraphStandin } from '../../standins/whatsapp/graph-api';
import {
  KIT_WEBHOOK_TEST_SECRET,
  kitDelivery,
  kitEvent,
  kitRequest,
} from '../../standins/newsletter/tool-webhooks.mjs';

const FROM = 'priya@coach.test';

function resultEnv() {
  const email = new EmailStandin([FROM]);
  const workerEnv = {
    ...env,
    ...GRAPH_VARS,
    OWNER_PHONES: `${uniqueMobile('+9196')},${uniqueMobile('+9195')}`,
    RESULT_EMAIL_FROM: FROM,
    EMAIL: email.binding,
    KIT_WEBHOOK_SECRET: KIT_WEBHOOK_TEST_SECRET,
  } as Env;
  return { email, workerEnv };
}

const quizOf = (address: string) => quizLead({ contact: { first: 'Ravi', last: 'Kumar', email: address, phone: '' } });

const resultRows = async (id: string) =>
  (await ledgerRows<{ template: string }>(id, 'template, status')).filter((r) => r.template === QUIZ_RESULT_EMAIL);

async function kitReports(workerEnv: Env, type: string, address: string) {
  const res = await callWorker(
    workerEnv,
    '/webhooks/kit',
    await kitRequest(kitDelivery([kitEvent({ type, email: address })])),
  );
  expect(res.status).toBe(200);
}

afterEach(() => vi.restoreAllMocks());

describe('the quiz result email and the newsletter tool’s events', () => {
  it('an address Kit reported bounced gets no result email; the skip is logged, its address masked', async () => {
    new GraphStandin().install();
    const { email, workerEnv } = resultEnv();
    const address = `ravi-${crypto.randomUUID()}@example.com`;
    await kitReports(workerEnv, 'subscriber.bounced', address);
    const quiz = quizOf(address);
    const log = vi.spyOn(console, 'log');

    await deliver(job(quiz), { env: workerEnv });

    expect(email.to(address)).toEqual([]);
    expect(await resultRows(quiz.id)).toEqual([]);
    const skipped = loggedEvents(log).find((l) => l.event === 'delivery.skipped' && l.template === QUIZ_RESULT_EMAIL);
    expect(skipped).toMatchObject({ reason: 'newsletter_tool_event', tool: 'kit', toolEvent: 'bounced' });
    expect(JSON.stringify(loggedEvents(log))).not.toContain(address);
  });

  it('a job that dies records no dead result email for a stopped address', async () => {
    new GraphStandin().install();
    const { workerEnv } = resultEnv();
    const address = `ravi-${crypto.randomUUID()}@example.com`;
    await kitReports(workerEnv, 'subscriber.complained', address);
    const quiz = quizOf(address);
    allowConsoleErrors();
    await deliver(job(quiz), { env: workerEnv, queue: 'site-jobs-dlq' });
    expect(await resultRows(quiz.id)).toEqual([]);
  });

  it('an address with no event, or only another address stopped, gets its result email', async () => {
    new GraphStandin().install();
    const { email, workerEnv } = resultEnv();
    const address = `ravi-${crypto.randomUUID()}@example.com`;
    await kitReports(workerEnv, 'subscriber.unsubscribed', `someone-else-${crypto.randomUUID()}@example.com`);
    const quiz = quizOf(address);
    await deliver(job(quiz), { env: workerEnv });
    expect(email.to(address)).toHaveLength(1);
    expect(await resultRows(quiz.id)).toEqual([expect.objectContaining({ status: 'sent' })]);
  });
});
