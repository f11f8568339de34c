/**
 * What the WhatsApp webhook and the conversation flow write to the logs, and whose events they take. A wamid is
 * base64 of a record holding the other party's number in clear, so no log line carries one (nor the number, even
 * base64-encoded inside some token): only a short hash. Events for another phone number of the same Meta app are
 * ignored, counted without ids or numbers.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../../src/index';
import type { Env } from '../../../src/env';
import type { Job } from '../../../src/queue/jobs';
import { getConversationStore } from '../../../src/store/conversations/open';
import { getLeadStore } from '../../../src/store/leads/open';
import { enquiryLead } from '../../fixtures/leads';
import { GraphStandin, PHONE_NUMBER_ID, graphEnv } from '../../standins/whatsapp/graph-api';
import { captureQueue, consume, takeJobs } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { BUSINESS } from '../../support/whatsapp-envelope';
import { ORIGIN, WEBHOOK_SECRETS, inbound, postWebhook, realWamid, webhookBody } from '../../support/whatsapp-webhook';
import { leadStoreVars, routeFetch, type Store } from '../../support/graph-and-store';

afterEach(() => vi.unstubAllGlobals());

const now = () => Math.floor(Date.now() / 1000);

/** Every console line of the test, as written. */
function captureLogs(): string[] {
  const lines: string[] = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
    });
  }
  return lines;
}

/** Decodes a token as base64 (standard or URL-safe), or null when it is not base64. */
function fromBase64(token: string): string | null {
  const std = token.replace(/-/g, '+').replace(/_/g, '/');
  try {
    return atob(std.padEnd(Math.ceil(std.length / 4) * 4, '='));
  } catch {
    return null;
  }
}

/** What in a log line gives away one of `secrets` (a wamid, a number's digits): in clear, or base64 in a token. */
function leaks(line: string, secrets: string[]): string[] {
  const found = secrets.filter((s) => line.includes(s));
  for (const token of line.split(/[^A-Za-z0-9+/=_-]+/).filter((t) => t.length >= 8)) {
    // Every offset of the token: base64 decodes in groups of four characters.
    for (let start = 0; start < 4; start++) {
      const text = fromBase64(token.slice(start));
      if (text) found.push(...secrets.filter((s) => text.includes(s)).map((s) => `${s} in base64 ${token}`));
    }
  }
  return found;
}

/** The Worker with WhatsApp at a stand-in that answers real-shaped wamids, leads in D1 or in the Firestore stand-in. */
async function setup(store: Store, extra: Partial<Env> = {}) {
  const owners = [uniqueMobile('+9197'), uniqueMobile('+9197')];
  const graph = new GraphStandin();
  const answered: string[] = [];
  const { vars, firestore } = await leadStoreVars(store);
  routeFetch(async (request) => {
    const to = ((await request.clone().json()) as { to?: string }).to;
    const res = await graph.fetch(request);
    const json = (await res.json()) as { messages?: { id: string }[] };
    // Meta's ids hold the recipient's number: the stand-in's answer gets one shaped like them.
    if (to && json.messages?.[0]) answered.push((json.messages[0].id = realWamid(to)));
    return Response.json(json, { status: res.status });
  }, firestore);
  const workerEnv = graphEnv({
    ...WEBHOOK_SECRETS,
    OWNER_PHONES: owners.join(','),
    ...vars,
    ...extra,
  } as Partial<Env>);
  const queued = captureQueue(workerEnv);
  /** Runs every queued job of a kind (and takes them off the list). */
  const run = (type: Job['type']) => consume(workerEnv, takeJobs(queued, type));
  const call = async (path: string, init?: RequestInit) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { redirect: 'manual', ...init }), workerEnv, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
  return { workerEnv, graph, answered, queued, run, call };
}

describe.each<Store>(['D1', 'Firestore'])('no wamid and no number in the logs (%s)', (store) => {
  it('the webhook, the alerts, reading and answering a conversation log a short hash of each wamid', async () => {
    const { workerEnv, answered, queued, run, call } = await setup(store);
    const phone = uniqueMobile();
    const lead = enquiryLead({ phone });
    await getLeadStore(workerEnv).save(lead);
    const lines = captureLogs();
    // The lead's notification: our thank-you to their number is answered with a wamid holding it.
    await consume(workerEnv, [{ type: 'notify', lead }]);
    queued.splice(0);
    const outbound = answered.find((id) => atob(id.slice('wamid.'.length)).includes(phone.slice(1)));
    expect(outbound).toBeDefined();

    // They write back; Meta reports our message read.
    const inboundId = realWamid(phone);
    const body = webhookBody({
      contacts: [{ profile: { name: 'Asha' }, wa_id: phone.slice(1) }],
      messages: [inbound(phone, now(), 'text', { body: 'Tuesday works' }, inboundId)],
      statuses: [{ id: outbound, status: 'read', timestamp: String(now()), recipient_id: phone.slice(1) }],
    });
    expect((await postWebhook(workerEnv, body)).status).toBe(200);
    expect(await getConversationStore(workerEnv).from(phone)).toMatchObject([{ id: inboundId }]);
    await run('visitor-reply');

    // An owner opens it (WhatsApp told through the queue) and answers.
    const page = await (await call(`/desk/leads/enquiry/${lead.id}`)).text();
    await run('mark-read');
    const replyId = /name="replyId" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const reply = await call(`/desk/leads/enquiry/${lead.id}/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: new URLSearchParams({ replyId, text: 'See you Tuesday' }).toString(),
    });
    expect(reply.status).toBe(303);
    await run('desk-reply');
    expect(answered.length).toBeGreaterThanOrEqual(2);

    const secrets = [inboundId, ...answered, phone.slice(1), phone.slice(3)];
    // The check itself sees a wamid, whole or as the base64 inside it.
    expect(leaks(JSON.stringify({ providerMessageId: inboundId }), secrets)).not.toEqual([]);
    expect(leaks(`id=${inboundId.slice('wamid.'.length)}`, [phone.slice(1)])).not.toEqual([]);

    const events = lines.map((l) => (JSON.parse(l) as { event: string }).event);
    for (const event of ['delivery.sent', 'delivery.status', 'conversation.received', 'conversation.read'])
      expect(events).toContain(event);
    for (const line of lines) expect(leaks(line, secrets), line).toEqual([]);
    const hashed = lines.filter((l) => l.includes('"providerMessageId":"wamid#'));
    expect(hashed.length).toBeGreaterThanOrEqual(4);
  });
});

/** A webhook body with one change per value, each from the phone number id given. */
function bodyFor(...changes: { phoneNumberId?: string; value: Record<string, unknown> }[]): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: BUSINESS.accountId,
        changes: changes.map(({ phoneNumberId, value }) => ({
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            ...(phoneNumberId && {
              metadata: { display_phone_number: '15550001111', phone_number_id: phoneNumberId },
            }),
            ...value,
          },
        })),
      },
    ],
  });
}

describe.each<Store>(['D1', 'Firestore'])('events for another phone number of the app (%s)', (store) => {
  it('are answered 200, neither stored nor applied, and logged as ignored without ids or numbers', async () => {
    const { workerEnv, queued } = await setup(store);
    const lines = captureLogs();
    const [ours, theirs, unnamed] = [uniqueMobile(), uniqueMobile(), uniqueMobile()];
    const sent = realWamid(theirs);
    await env.DB.prepare(
      `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, channel, attempts,
         provider_message_id, components, created_at, updated_at, sent_at)
       VALUES (?, 'journey_users', ?, 'enquiry', 'visitor', 'sent', 'graph', 1, ?, '[]', ?, ?, ?)`,
    )
      .bind(crypto.randomUUID(), theirs, sent, ...Array(3).fill(new Date().toISOString()))
      .run();
    const body = bodyFor(
      { phoneNumberId: PHONE_NUMBER_ID, value: { messages: [inbound(ours, now(), 'text', { body: 'mine' })] } },
      {
        phoneNumberId: '109999999999999',
        value: {
          messages: [inbound(theirs, now(), 'text', { body: 'not for this site' }, realWamid(theirs))],
          statuses: [{ id: sent, status: 'failed', timestamp: String(now()), recipient_id: theirs.slice(1) }],
        },
      },
      { value: { messages: [inbound(unnamed, now(), 'text', { body: 'no metadata' })] } },
    );
    expect(PHONE_NUMBER_ID).toBe(BUSINESS.phoneNumberId);
    const res = await postWebhook(workerEnv, body);
    expect(res.status).toBe(200);

    const store_ = getConversationStore(workerEnv);
    expect((await store_.from(ours)).map((m) => m.text)).toEqual(['mine']);
    expect(await store_.from(theirs)).toEqual([]);
    expect(await store_.from(unnamed)).toEqual([]);
    const receipt = await env.DB.prepare(`SELECT receipt FROM deliveries WHERE provider_message_id = ?`)
      .bind(sent)
      .first();
    expect(receipt).toEqual({ receipt: null });
    expect(queued.filter((j) => j.type === 'visitor-reply')).toHaveLength(1);

    const ignored = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.event === 'webhook.ignored');
    expect(ignored).toEqual([
      {
        event: 'webhook.ignored',
        level: 'warn',
        reason: 'other_phone_number',
        changes: 2,
        statuses: 1,
        messages: 2,
      },
    ]);
    for (const line of lines) expect(leaks(line, [sent, theirs.slice(1), unnamed.slice(1)]), line).toEqual([]);
  });

  it('takes every event in development when no phone number id is set (nothing to compare with)', async () => {
    const { workerEnv } = await setup(store, { WHATSAPP_PHONE_NUMBER_ID: '', WHATSAPP_TOKEN: '' });
    const phone = uniqueMobile();
    const body = bodyFor({
      phoneNumberId: '109999999999999',
      value: { messages: [inbound(phone, now(), 'text', { body: 'local' })] },
    });
    expect((await postWebhook(workerEnv, body)).status).toBe(200);
    expect((await getConversationStore(workerEnv).from(phone)).map((m) => m.text)).toEqual(['local']);
  });
});

describe('a deployed webhook without WHATSAPP_PHONE_NUMBER_ID', () => {
  it('answers 503 with Retry-After, so Meta keeps the events until it is set, and stores nothing', async () => {
    const lines = captureLogs();
    const workerEnv = {
      ...env,
      ...WEBHOOK_SECRETS,
      ENVIRONMENT: 'production',
      SITE_URL: 'https://www.coach.test',
      LEAD_STORE: 'd1',
      WHATSAPP_TOKEN: '',
      WHATSAPP_PHONE_NUMBER_ID: '',
      ERASURE_KEY: 'e'.repeat(40),
    } as Env;
    const phone = uniqueMobile();
    const res = await postWebhook(workerEnv, webhookBody({ messages: [inbound(phone, now(), 'text', { body: 'x' })] }));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('300');
    expect(await getConversationStore(workerEnv).from(phone)).toEqual([]);
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ event: 'webhook.refused', reason: 'no_phone_number_id' }),
    );
  });
});
