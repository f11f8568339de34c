/**
 * An owner's answer whose send timed out may have reached the visitor (WhatsApp has no idempotency key): it is
 * recorded `unknown`, never retried by itself, and offered on the conversation to send again. An owner alert that
 * times out is still retried, as before.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../../src/index';
import { readConfig, type Env } from '../../../src/env';
import type { Job } from '../../../src/queue/jobs';
import { conversationId } from '../../../src/store/conversations/conversations';
import { getLeadStore } from '../../../src/store/leads/open';
import { enquiryLead } from '../../fixtures/leads';
import { allowConsoleErrors } from '../../setup';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { captureQueue, consume, takeJobs } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { ORIGIN, WEBHOOK_SECRETS, inbound, postWebhook, webhookBody } from '../../support/whatsapp-webhook';
import { leadStoreVars, routeFetch, type Store } from '../../support/graph-and-store';

afterEach(() => vi.unstubAllGlobals());

const now = () => Math.floor(Date.now() / 1000);

/**
 * The Worker with WhatsApp at the stand-in; `timeouts` sends of the given kind (free text or a template) get no
 * answer in time: they throw as fetch does when its AbortSignal.timeout fires.
 */
async function setup(store: Store) {
  const graph = new GraphStandin();
  const timeouts = { text: 0, template: 0 };
  const { vars, firestore } = await leadStoreVars(store);
  routeFetch(async (request) => {
    const type = ((await request.clone().json()) as { type?: 'text' | 'template' }).type;
    if (type && timeouts[type] > 0) {
      timeouts[type]--;
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    }
    return graph.fetch(request);
  }, firestore);
  const owners = [uniqueMobile('+9197'), uniqueMobile('+9197')];
  const workerEnv = graphEnv({ ...WEBHOOK_SECRETS, OWNER_PHONES: owners.join(','), ...vars } as Partial<Env>);
  const queued = captureQueue(workerEnv);
  const take = (type: Job['type']) => takeJobs(queued, type);
  const call = async (path: string, init?: RequestInit) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { redirect: 'manual', ...init }), workerEnv, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
  const post = (path: string, fields: Record<string, string>) =>
    call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: new URLSearchParams(fields).toString(),
    });
  return { workerEnv, graph, timeouts, owners, take, call, post };
}

const ledger = (submissionId: string) =>
  env.DB.prepare(
    `SELECT status, attempts, last_error_code FROM deliveries WHERE submission_id = ? AND template = 'desk_reply'`,
  )
    .bind(submissionId)
    .first<{ status: string; attempts: number; last_error_code: string | null }>();

describe.each<Store>(['D1', 'Firestore'])('an answer from the desk that timed out (%s)', (store) => {
  it('is recorded unknown, not retried, offered to send again, and sent once when the owner asks', async () => {
    const { workerEnv, graph, timeouts, take, call, post } = await setup(store);
    const lead = enquiryLead({ phone: uniqueMobile() });
    await getLeadStore(workerEnv).save(lead);
    const wrote = webhookBody({ messages: [inbound(lead.phone, now() - 600, 'text', { body: 'Is Tuesday ok?' })] });
    expect((await postWebhook(workerEnv, wrote)).status).toBe(200);
    const leadPath = `/desk/leads/enquiry/${lead.id}`;
    const replyId = /name="replyId" value="([^"]+)"/.exec(await (await call(leadPath)).text())?.[1] ?? '';
    expect((await post(`${leadPath}/reply`, { replyId, text: 'Tuesday is fine' })).status).toBe(303);

    timeouts.text = 1;
    const first = await consume(workerEnv, take('desk-reply'));
    allowConsoleErrors(); // delivery.failed, outcome unknown
    expect(first.retryMessages).toEqual([]);
    expect(first.explicitAcks).toHaveLength(1);
    const submissionId = `desk-reply:${replyId}`;
    expect(await ledger(submissionId)).toEqual({ status: 'unknown', attempts: 1, last_error_code: 'timeout' });
    expect(graph.delivered.filter((b: { type?: string }) => b.type === 'text')).toEqual([]);

    // The page says so and offers it again, at the conversation's opaque address.
    const id = await conversationId(lead.phone, readConfig(workerEnv).privacy.erasureKey);
    const page = await (await call(leadPath)).text();
    expect(page).toContain('May not have been sent');
    expect(page).toContain(`action="/desk/conversations/${id}/resend"`);
    expect(page).toContain(`name="submissionId" value="${submissionId}"`);

    // Another conversation's address does not send this one.
    const stranger = uniqueMobile();
    await postWebhook(workerEnv, webhookBody({ messages: [inbound(stranger, now(), 'text', { body: 'hi' })] }));
    const strangerId = await conversationId(stranger, readConfig(workerEnv).privacy.erasureKey);
    expect((await post(`/desk/conversations/${strangerId}/resend`, { submissionId })).status).toBe(303);
    expect(take('desk-reply')).toEqual([]);
    expect((await ledger(submissionId))?.status).toBe('unknown');
    // A field that is not an answer's id is refused.
    expect((await post(`/desk/conversations/${id}/resend`, { submissionId: 'reply:x' })).status).toBe(400);

    // The owner sends it again: once, however often they tap.
    const resent = await post(`/desk/conversations/${id}/resend`, { submissionId });
    expect([resent.status, resent.headers.get('location')]).toEqual([303, leadPath]);
    expect((await post(`/desk/conversations/${id}/resend`, { submissionId })).status).toBe(303);
    const jobs = take('desk-reply');
    expect(jobs).toEqual([{ type: 'desk-reply', submissionId, recipient: lead.phone }]);
    expect((await ledger(submissionId))?.status).toBe('pending');
    await consume(workerEnv, jobs);
    expect(await ledger(submissionId)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(graph.delivered.filter((b: { type?: string }) => b.type === 'text')).toHaveLength(1);
    const after = await (await call(leadPath)).text();
    expect(after).not.toContain('May not have been sent');
  });
});

describe('an unknown answer once the window closed (D1)', () => {
  it('is not offered once the 24-hour window closed, and a resend then is refused', async () => {
    const { workerEnv, timeouts, take, call, post } = await setup('D1');
    const phone = uniqueMobile();
    // Someone no lead has wrote an hour ago.
    await postWebhook(workerEnv, webhookBody({ messages: [inbound(phone, now() - 3600, 'text', { body: 'hi' })] }));
    const id = await conversationId(phone, readConfig(workerEnv).privacy.erasureKey);
    const path = `/desk/conversations/${id}`;
    const replyId = /name="replyId" value="([^"]+)"/.exec(await (await call(path)).text())?.[1] ?? '';
    expect((await post(`${path}/reply`, { replyId, text: 'Hello' })).status).toBe(303);
    timeouts.text = 1;
    await consume(workerEnv, take('desk-reply'));
    allowConsoleErrors();
    const submissionId = `desk-reply:${replyId}`;
    expect((await ledger(submissionId))?.status).toBe('unknown');
    // The window closes (the message's time moved back: D1 only, where the test can reach the row).
    await env.DB.prepare(`UPDATE whatsapp_messages SET received_at = ? WHERE phone = ?`)
      .bind(new Date(Date.now() - 25 * 3600_000).toISOString(), phone)
      .run();
    const page = await (await call(path)).text();
    expect(page).toContain('May not have been sent');
    expect(page).not.toContain('/resend"');
    const res = await post(`${path}/resend`, { submissionId });
    expect(res.status).toBe(409);
    expect(take('desk-reply')).toEqual([]);
    expect((await ledger(submissionId))?.status).toBe('unknown');
  });
});

describe('an owner alert that timed out', () => {
  it('is retried as before (pending, asked again later)', async () => {
    const { workerEnv, timeouts, owners, take } = await setup('D1');
    const lead = enquiryLead({ phone: uniqueMobile() });
    await getLeadStore(workerEnv).save(lead);
    await postWebhook(workerEnv, webhookBody({ messages: [inbound(lead.phone, now(), 'text', { body: 'Hi' })] }));
    timeouts.template = 1;
    const outcome = await consume(workerEnv, take('visitor-reply'));
    expect(outcome.retryMessages).toHaveLength(1);
    const { results } = await env.DB.prepare(
      `SELECT status, last_error_code FROM deliveries WHERE template = 'visitor_reply' AND recipient IN (?, ?)`,
    )
      .bind(...owners)
      .all();
    expect(results).toContainEqual({ status: 'pending', last_error_code: 'timeout' });
    expect(results.map((r) => r.status)).not.toContain('unknown');
  });
});
