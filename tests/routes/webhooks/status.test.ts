import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../../src/index';
import { WEBHOOK_MAX_BYTES } from '../../../src/routes/webhooks/whatsapp';
import type { Env } from '../../../src/env';
import { getLeadStore } from '../../../src/store/leads/open';
import { enquiryLead } from '../../fixtures/leads';
import { loggedEvents } from '../../support/logs';
import { WEBHOOK_SECRETS, sign, webhookBody } from '../../support/whatsapp-webhook';

const ORIGIN = 'http://127.0.0.1:8787';
const SECRETS = WEBHOOK_SECRETS;
const OWNERS = { OWNER_PHONES: '+919800000001,+919800000002', OWNER_NAMES: 'Priya,Arjun' };

/** The Worker with the webhook's secrets and a queue producer that records what it is sent. */
function setup(vars: Record<string, string> = SECRETS) {
  const queued: unknown[] = [];
  const JOBS = { send: async (body: unknown) => void queued.push(body) };
  const workerEnv = { ...env, ...OWNERS, ...vars, JOBS } as unknown as Env;
  const call = async (path: string, init?: RequestInit) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request(`${ORIGIN}${path}`, init), workerEnv, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
  return { call, queued };
}

const statuses = (...items: unknown[]) => webhookBody({ statuses: items });
const status = (id: string, state: string, seconds: number, errors?: unknown[]) => ({
  id,
  status: state,
  timestamp: String(seconds),
  recipient_id: '919800000001',
  ...(errors ? { errors } : {}),
});

async function post(call: ReturnType<typeof setup>['call'], body: string, signature?: string) {
  return call('/webhooks/whatsapp', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-hub-signature-256': signature }),
    },
    body,
  });
}

/** A sent message in the ledger, as the consumer leaves it, with its wamid. */
async function sentMessage(audience: 'owner' | 'visitor' = 'owner') {
  const id = crypto.randomUUID();
  const wamid = `wamid.${crypto.randomUUID()}`;
  const at = new Date().toISOString();
  const template = audience === 'owner' ? 'journey_owner' : 'journey_users';
  const recipient = audience === 'owner' ? '+919800000001' : '+919812345678';
  await env.DB.prepare(
    `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, channel, attempts,
       provider_message_id, components, created_at, updated_at, sent_at)
     VALUES (?, ?, ?, 'enquiry', ?, 'sent', 'graph', 1, ?, '[]', ?, ?, ?)`,
  )
    .bind(id, template, recipient, audience, wamid, at, at, at)
    .run();
  return { id, wamid, template, recipient };
}

const receipt = (wamid: string) =>
  env.DB.prepare(
    `SELECT receipt, receipt_at, delivered_at, read_at, receipt_error_code, receipt_error_title FROM deliveries
     WHERE provider_message_id = ?`,
  )
    .bind(wamid)
    .first();

const T = 1_795_000_000; // seconds
const iso = (s: number) => new Date(s * 1000).toISOString();

describe('GET /webhooks/whatsapp: Meta’s verification', () => {
  it('echoes the challenge as plain text for our verify token, and refuses anything else with 403', async () => {
    const { call } = setup();
    const ok = await call('/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=1158201444');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await ok.text()).toBe('1158201444');
    for (const query of [
      'hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1',
      'hub.mode=unsubscribe&hub.verify_token=verify-me&hub.challenge=1',
      'hub.challenge=1',
    ]) {
      expect((await call(`/webhooks/whatsapp?${query}`)).status).toBe(403);
    }
    // Without its secrets the webhook does not exist (every webhook answers 404 when unconfigured).
    const unconfigured = setup({});
    expect(
      (await unconfigured.call('/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=&hub.challenge=1')).status,
    ).toBe(404);
  });
});

describe('POST /webhooks/whatsapp: delivery statuses', () => {
  it('refuses a missing, malformed or wrong signature with 401 and changes nothing', async () => {
    const { call } = setup();
    const m = await sentMessage();
    const body = statuses(status(m.wamid, 'delivered', T));
    expect((await post(call, body)).status).toBe(401);
    expect((await post(call, body, 'sha256=nothex')).status).toBe(401);
    expect((await post(call, body, await sign(body, 'another-secret'))).status).toBe(401);
    expect((await post(call, body, await sign(`${body} `))).status).toBe(401);
    // Without its secrets the webhook does not exist (every webhook answers 404 when unconfigured).
    expect(
      (
        await setup({}).call('/webhooks/whatsapp', {
          method: 'POST',
          body,
          headers: { 'x-hub-signature-256': await sign(body) },
        })
      ).status,
    ).toBe(404);
    expect(await receipt(m.wamid)).toMatchObject({ receipt: null });
  });

  it('moves sent → delivered → read and never backwards; a repeat changes nothing; each time is kept', async () => {
    const { call, queued } = setup();
    const m = await sentMessage();
    for (const [state, at] of [
      ['sent', T],
      ['delivered', T + 5],
      ['read', T + 60],
      ['read', T + 90],
      ['delivered', T + 5],
      ['sent', T],
    ] as const) {
      const body = statuses(status(m.wamid, state, at));
      const res = await post(call, body, await sign(body));
      expect(res.status).toBe(200);
    }
    expect(await receipt(m.wamid)).toEqual({
      receipt: 'read',
      receipt_at: iso(T + 60),
      delivered_at: iso(T + 5),
      read_at: iso(T + 60),
      receipt_error_code: null,
      receipt_error_title: null,
    });
    expect(queued).toEqual([]);
  });

  it('a read that arrives before its delivered counts as delivered too', async () => {
    const { call } = setup();
    const m = await sentMessage();
    const body = statuses(status(m.wamid, 'read', T));
    await post(call, body, await sign(body));
    expect(await receipt(m.wamid)).toMatchObject({ receipt: 'read', delivered_at: iso(T), read_at: iso(T) });
  });

  it('a failed owner alert keeps Meta’s code and title and queues its email once; a failed visitor message does not', async () => {
    const { call, queued } = setup();
    const owner = await sentMessage('owner');
    const visitor = await sentMessage('visitor');
    const errors = [{ code: 131026, title: 'Message undeliverable', error_data: { details: 'x' } }];
    const body = statuses(status(owner.wamid, 'failed', T, errors), status(visitor.wamid, 'failed', T, errors));
    expect((await post(call, body, await sign(body))).status).toBe(200);
    // Meta repeats the event: nothing more is queued.
    await post(call, body, await sign(body));
    expect(await receipt(owner.wamid)).toMatchObject({
      receipt: 'failed',
      receipt_error_code: '131026',
      receipt_error_title: 'Message undeliverable',
    });
    expect(await receipt(visitor.wamid)).toMatchObject({ receipt: 'failed' });
    expect(queued).toEqual([
      { type: 'owner-fallback', submissionId: owner.id, template: owner.template, recipient: owner.recipient },
    ]);
    // Failed is final: a late delivered does not undo it.
    const late = statuses(status(owner.wamid, 'delivered', T + 1));
    await post(call, late, await sign(late));
    expect(await receipt(owner.wamid)).toMatchObject({ receipt: 'failed' });
  });

  it('ignores an unknown message id and skips malformed statuses beside good ones', async () => {
    const { call } = setup();
    const m = await sentMessage();
    const body = statuses(
      status('wamid.unknown', 'read', T),
      { id: 42, status: 'read', timestamp: String(T) },
      { id: m.wamid, status: 'exploded', timestamp: String(T) },
      { id: m.wamid, status: 'read', timestamp: 'yesterday' },
      status(m.wamid, 'delivered', T),
    );
    expect((await post(call, body, await sign(body))).status).toBe(200);
    expect(await receipt(m.wamid)).toMatchObject({ receipt: 'delivered' });
  });

  it('answers 503 with Retry-After when D1 cannot take the receipts, so Meta sends them again', async () => {
    const broken = {
      prepare: env.DB.prepare.bind(env.DB),
      batch: async () => {
        throw new Error('D1_ERROR: storage unavailable');
      },
    };
    const { call } = setup({ ...SECRETS, DB: broken } as unknown as Record<string, string>);
    const body = statuses(status('wamid.unreachable-d1', 'delivered', 1_790_000_000));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await post(call, body, await sign(body));
    expect(loggedEvents(errors)).toEqual([
      expect.objectContaining({ event: 'webhook.received', outcome: 'retry', statuses: 1 }),
    ]);
    errors.mockRestore();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(await res.json()).toMatchObject({ error: { code: 'unavailable' } });
  });

  it('answers hostile bodies without a 500 and changes nothing', async () => {
    const { call } = setup();
    const m = await sentMessage();
    for (const body of [
      'not json',
      '[]',
      'null',
      '{"entry": "x"}',
      '{"entry": [{"changes": [{"value": null}]}]}',
      '{"entry":[{"changes":[{"value":{"statuses":"x"}}]}]}',
    ]) {
      const res = await post(call, body, await sign(body));
      expect(res.status, body).toBe(200);
    }
    const huge = statuses(
      ...Array.from({ length: Math.ceil(WEBHOOK_MAX_BYTES / 60) }, (_, i) => status(`wamid.${i}`, 'read', T)),
    );
    expect(huge.length).toBeGreaterThan(WEBHOOK_MAX_BYTES);
    const tooBig = await post(call, huge, await sign(huge));
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ ok: false, error: { code: 'payload_too_large' } });
    expect(await receipt(m.wamid)).toMatchObject({ receipt: null });
  });
});

describe('the desk shows what WhatsApp said', () => {
  it('each message shows delivered, read or not delivered with its time and Meta’s error', async () => {
    const { call } = setup();
    const lead = { ...enquiryLead(), email: `receipt-${crypto.randomUUID().slice(0, 8)}@example.com` };
    await getLeadStore(env).save(lead);
    const at = new Date().toISOString();
    const insert = (recipient: string, wamid: string) =>
      env.DB.prepare(
        `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, channel, attempts,
           provider_message_id, components, created_at, updated_at, sent_at)
         VALUES (?, 'journey_owner', ?, 'enquiry', 'owner', 'sent', 'graph', 1, ?, '[]', ?, ?, ?)`,
      )
        .bind(lead.id, recipient, wamid, at, at, at)
        .run();
    await insert('+919800000001', `wamid.read-${lead.id}`);
    await insert('+919800000002', `wamid.failed-${lead.id}`);
    const body = statuses(
      status(`wamid.read-${lead.id}`, 'read', T),
      status(`wamid.failed-${lead.id}`, 'failed', T, [
        { code: 131049, title: 'Not delivered to maintain healthy ecosystem engagement' },
      ]),
    );
    await post(call, body, await sign(body));
    const html = await (await call(`/desk/leads/enquiry/${lead.id}`)).text();
    expect(html).toMatch(/Priya[\s\S]*?Read /);
    expect(html).toMatch(/Arjun[\s\S]*?Not delivered /);
    expect(html).toContain('WhatsApp error 131049: Not delivered to maintain healthy ecosystem engagement');
    expect(html).not.toContain('+919800000001');
  });
});
