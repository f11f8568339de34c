/**
 * The owners hear of a visitor's reply: one visitor_reply alert each per sender and hour however many messages,
 * inside their hourly budget (past it, the digest), by email when WhatsApp fails; a number no lead has is only
 * counted by the digest.
 */
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { deliveryStore } from '../../../src/notify/ledger/ledger-store';
import type { Job } from '../../../src/queue/jobs';
import { getLeadStore } from '../../../src/store/leads/open';
import { enquiryLead } from '../../fixtures/leads';
import { allowConsoleErrors } from '../../setup';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { captureQueue, consume, takeJobs } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { WEBHOOK_SECRETS, inbound, postWebhook, webhookBody } from '../../support/whatsapp-webhook';

afterEach(() => vi.unstubAllGlobals());

const SITE = 'http://127.0.0.1:8787';
/** The owners' second channel (a secret, so not in the generated Env). */
const EMAILS = { OWNER_EMAILS: 'priya@example.com,arjun@example.com' };
/** Now, in seconds: the alert's hour is the message's own, and the owners' budget counts the current hour. */
const now = () => Math.floor(Date.now() / 1000);

/** The Worker with WhatsApp at the stand-in, two owners of this test's own (their budgets are this test's). */
function setup(extra: Partial<Env> = {}) {
  const owners = [uniqueMobile('+9197'), uniqueMobile('+9197')];
  const workerEnv = graphEnv({
    ...WEBHOOK_SECRETS,
    ...EMAILS,
    OWNER_PHONES: owners.join(','),
    OWNER_NAMES: 'Priya,Arjun',
    ...extra,
  } as Partial<Env>);
  const graph = new GraphStandin().install();
  const queued = captureQueue(workerEnv);
  /** Runs every queued job of a kind (and takes them off the list). */
  const run = (type: Job['type']) => consume(workerEnv, takeJobs(queued, type));
  const alerts = () =>
    graph.delivered.filter((b: { template?: { name: string } }) => b.template?.name === 'visitor_reply');
  return { workerEnv, owners, graph, queued, run, alerts };
}

async function leadWithNumber(workerEnv: Env, name = 'Asha Verma') {
  const lead = enquiryLead({ phone: uniqueMobile(), name });
  await getLeadStore(workerEnv).save(lead);
  return lead;
}

const bodyParams = (b: { template: { components: { type: string; parameters: { text: string }[] }[] } }) =>
  b.template.components.find((c) => c.type === 'body')!.parameters.map((p) => p.text);

describe('visitor_reply: the owners hear of a reply', () => {
  it('alerts each owner once per sender and hour, with the name, the start of the text and the desk link', async () => {
    const { workerEnv, owners, run, alerts } = setup();
    const lead = await leadWithNumber(workerEnv);
    const long = `Tuesday works. ${'x'.repeat(400)}`;
    const t = now();
    const messages = [
      inbound(lead.phone, t, 'text', { body: long }),
      inbound(lead.phone, t, 'text', { body: 'And another thing' }),
      inbound(lead.phone, t, 'image', { id: 'media-1', caption: 'The venue' }),
    ];
    expect((await postWebhook(workerEnv, webhookBody({ messages }))).status).toBe(200);
    const outcome = await run('visitor-reply');
    expect(outcome.explicitAcks).toHaveLength(3);

    const sent = alerts();
    expect(sent.map((b: { to: string }) => b.to).sort()).toEqual([...owners].sort());
    const link = `${SITE}/desk/leads/enquiry/${lead.id}`;
    const first = bodyParams(sent.find((b: { to: string }) => b.to === owners[0])!);
    expect(first.slice(0, 2)).toEqual(['Priya', 'Asha Verma']);
    expect(Array.from(first[2]!).length).toBeLessThanOrEqual(300);
    expect(first[2]).toMatch(/^Tuesday works\. x+…?$/);
    expect(first[3]).toBe(link);

    // The same sender later in the same hour: nothing more.
    const again = webhookBody({ messages: [inbound(lead.phone, t, 'text', { body: 'Hello?' })] });
    await postWebhook(workerEnv, again);
    await run('visitor-reply');
    expect(alerts()).toHaveLength(2);
  });

  it('alerts again for a message of another hour, and for another sender in the same hour', async () => {
    const { workerEnv, run, alerts } = setup();
    const [one, two] = [await leadWithNumber(workerEnv), await leadWithNumber(workerEnv, 'Kavya Rao')];
    const t = now();
    const messages = [
      inbound(one.phone, t - 3600, 'text', { body: 'an hour ago' }),
      inbound(one.phone, t, 'text', { body: 'now' }),
      inbound(two.phone, t, 'text', { body: 'me too' }),
    ];
    await postWebhook(workerEnv, webhookBody({ messages }));
    await run('visitor-reply');
    expect(
      alerts()
        .map((b: Parameters<typeof bodyParams>[0]) => bodyParams(b)[2])
        .sort(),
    ).toEqual(['an hour ago', 'an hour ago', 'me too', 'me too', 'now', 'now']);
  });

  it('keeps inside the owners’ hourly budget: past it the alert is folded into the digest', async () => {
    const { workerEnv, owners, queued, run, alerts } = setup({ OWNER_ALERTS_PER_HOUR: '1' });
    const [one, two] = [await leadWithNumber(workerEnv), await leadWithNumber(workerEnv, 'Kavya Rao')];
    const t = now();
    await postWebhook(workerEnv, webhookBody({ messages: [inbound(one.phone, t, 'text', { body: 'first' })] }));
    await run('visitor-reply');
    await postWebhook(workerEnv, webhookBody({ messages: [inbound(two.phone, t, 'text', { body: 'second' })] }));
    await run('visitor-reply');
    expect(alerts().map((b: Parameters<typeof bodyParams>[0]) => bodyParams(b)[2])).toEqual(['first', 'first']);
    const { results } = await env.DB.prepare(
      `SELECT recipient, status, skip_reason FROM deliveries WHERE template = 'visitor_reply' AND recipient IN (?, ?)
       AND status = 'skipped'`,
    )
      .bind(...owners)
      .all();
    expect(results).toHaveLength(2);
    expect(results.every((r) => r.skip_reason === 'hourly_cap')).toBe(true);
    expect(queued.filter((j) => j.type === 'digest')).toHaveLength(2);
  });

  it('never alerts one by one for a number no lead has: the hour’s digest counts it', async () => {
    const { workerEnv, owners, queued, run, alerts, graph } = setup();
    const stranger = uniqueMobile();
    const t = now();
    const messages = [
      inbound(stranger, t, 'text', { body: 'Who is this?' }),
      inbound(stranger, t, 'text', { body: 'Hello?' }),
    ];
    await postWebhook(workerEnv, webhookBody({ messages }));
    await run('visitor-reply');
    expect(alerts()).toEqual([]);
    expect(graph.received).toEqual([]);
    const digests = queued.filter((j) => j.type === 'digest');
    expect(digests.map((j) => j.type === 'digest' && j.recipient).sort()).toEqual([...owners].sort());
    const hourStart = digests[0]!.type === 'digest' ? digests[0]!.hourStart : '';
    const store = deliveryStore(env);
    for (const owner of owners) expect(await store.foldedInto(hourStart, owner)).toBe(1);
    // The stranger's words are not kept in the ledger's parameters.
    const { results } = await env.DB.prepare(
      `SELECT components FROM deliveries WHERE template = 'visitor_reply' AND recipient = ?`,
    )
      .bind(owners[0])
      .all<{ components: string }>();
    expect(results.map((r) => r.components).join()).not.toContain('Who is this');
  });

  it('emails an owner whose WhatsApp alert fails, with the lead’s desk link', async () => {
    allowConsoleErrors(); // the failed alert is logged as an error
    const { workerEnv, owners, graph, run } = setup();
    graph.failRecipient(owners[0]!, 131026);
    const lead = await leadWithNumber(workerEnv);
    await postWebhook(workerEnv, webhookBody({ messages: [inbound(lead.phone, now(), 'text', { body: 'Tuesday?' })] }));
    await run('visitor-reply');
    await run('owner-fallback');
    const { results } = await env.DB.prepare(
      `SELECT recipient, status, components FROM deliveries WHERE audience = 'email' AND submission_id LIKE 'reply:%'
       AND lead_kind = 'enquiry' AND components LIKE ?`,
    )
      .bind(`%${lead.id}%`)
      .all<{ recipient: string; status: string; components: string }>();
    expect(results.map((r) => [r.recipient, r.status])).toEqual([['priya@example.com', 'sent']]);
    const [subject, text] = (JSON.parse(results[0]!.components) as { parameters: { text: string }[] }[]).map(
      (c) => c.parameters[0]!.text,
    );
    expect(subject).toBe('Asha Verma replied on WhatsApp');
    expect(text).toContain('They wrote: Tuesday?');
    expect(text).toContain(`${SITE}/desk/leads/enquiry/${lead.id}`);
  });
});
