import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../src/index';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../src/env';
import { redact } from '../../src/log';
import { postWithEnv, row } from '../support/api';
import { captureQueue, consume, ledgerRows } from '../support/queue';
import { GRAPH_VARS, GraphStandin } from '../standins/whatsapp/graph-api';
import { allowConsoleErrors } from '../setup';
import { firestoreEnv } from '../support/firestore';

const VISITOR = { email: 'meera.iyer@example.org', phone: '+919812345678', description: 'Private: my burnout story' };

/** Production settings with nothing for WhatsApp or Turnstile, leads kept in D1 on purpose. */
const production = (extra: Partial<Env> = {}): Env => ({
  ...env,
  ENVIRONMENT: 'production',
  SITE_URL: 'https://www.coach.test',
  LEAD_STORE: 'd1',
  WHATSAPP_TOKEN: '',
  WHATSAPP_PHONE_NUMBER_ID: '',
  OWNER_PHONES: '+919800000001,+919800000002',
  TURNSTILE_SITE_KEY: '',
  TURNSTILE_SECRET_KEY: '',
  ...extra,
});

const enquiry = (submissionId: string) => ({ submissionId, name: 'Meera Iyer', ...VISITOR });

function captureLogs(): () => string {
  const lines: string[] = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : String(a))).join(' '));
    });
  }
  return () => lines.join('\n');
}

const deliveries = (id: string) =>
  ledgerRows<Record<string, string>>(id, 'template, status, channel, last_error_code, last_error_message');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('outside development', () => {
  it('stores the lead without WhatsApp or Turnstile, records every message failed/not_configured, never sent', async () => {
    allowConsoleErrors();
    const logs = captureLogs();
    // Without Turnstile on purpose, so the visitor's own message may go out once WhatsApp works (without that,
    // it is skipped as unverified: tests/security/turnstile.test.ts).
    const workerEnv = production({ TURNSTILE_DISABLED: '1' });
    const jobs = captureQueue(workerEnv);
    const id = crypto.randomUUID();
    const res = await postWithEnv(workerEnv, 'enquiry', enquiry(id));
    expect(res.status).toBe(201);
    expect(await row('enquiries', id)).toMatchObject({ email: VISITOR.email, phone: VISITOR.phone });

    await consume(workerEnv, jobs.splice(0));
    const rows = await deliveries(id);
    expect(rows.map((r) => r.template)).toEqual(['journey_owner', 'journey_owner', 'journey_users']);
    for (const r of rows) {
      expect(r).toMatchObject({ status: 'failed', channel: 'none', last_error_code: 'not_configured' });
      expect(r.last_error_message).toContain('WhatsApp is not configured: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID');
    }
    expect(logs()).toContain('WhatsApp is not configured');

    // The operator fixes the configuration and resends: each message goes out once.
    const graph = new GraphStandin().install();
    const fixed = production({ ...GRAPH_VARS, TURNSTILE_DISABLED: '1' });
    await env.DB.prepare(
      "UPDATE deliveries SET status = 'replay' WHERE submission_id = ? AND last_error_code = 'not_configured'",
    )
      .bind(id)
      .run();
    await consume(fixed, [{ type: 'replay-deliveries' }]);
    expect((await deliveries(id)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(graph.delivered).toHaveLength(3);
  });

  it('parks a lead when Firestore is half configured (one error naming what is missing), never writes it to D1', async () => {
    allowConsoleErrors();
    const logs = captureLogs();
    const workerEnv = production({
      LEAD_STORE: '',
      FIRESTORE_PROJECT_ID: 'coach',
      FIRESTORE_CLIENT_EMAIL: 'a@b.iam.gserviceaccount.com',
    });
    const jobs = captureQueue(workerEnv);
    const id = crypto.randomUUID();
    const res = await postWithEnv(workerEnv, 'enquiry', enquiry(id));
    expect(res.status).toBe(202);
    expect(await row('enquiries', id)).toBeNull();
    expect(jobs).toEqual([expect.objectContaining({ type: 'store' })]);
    expect(logs()).toContain('Firestore is partly configured: FIRESTORE_PRIVATE_KEY is missing');
  });

  it('logs no visitor email, phone number or message text, whatever goes wrong', async () => {
    allowConsoleErrors();
    const logs = captureLogs();
    // WhatsApp configured, but Meta refuses the visitor's number.
    const graph = new GraphStandin().install();
    graph.failNext(131030);
    const workerEnv = production(GRAPH_VARS);
    const jobs = captureQueue(workerEnv);
    const id = crypto.randomUUID();
    expect((await postWithEnv(workerEnv, 'enquiry', enquiry(id))).status).toBe(201);
    await consume(workerEnv, jobs.splice(0));
    // And Firestore refusing the write with an error body that echoes the document, as Google's INVALID_ARGUMENT does.
    const firestore = await firestoreEnv('credentials');
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (!request.url.endsWith(':commit')) return firestore.standin.fetch(request);
      const sent = await request.text();
      return Response.json(
        { error: { code: 400, status: 'INVALID_ARGUMENT', message: `Invalid value at ${sent}` } },
        { status: 400 },
      );
    });
    const firestoreRefuses = production({
      LEAD_STORE: '',
      FIRESTORE_PROJECT_ID: firestore.env.FIRESTORE_PROJECT_ID,
      FIRESTORE_CLIENT_EMAIL: firestore.env.FIRESTORE_CLIENT_EMAIL,
      FIRESTORE_PRIVATE_KEY: firestore.env.FIRESTORE_PRIVATE_KEY,
    });
    captureQueue(firestoreRefuses);
    expect((await postWithEnv(firestoreRefuses, 'enquiry', enquiry(crypto.randomUUID()))).status).toBe(202);
    expect(logs()).toContain('INVALID_ARGUMENT (body not logged)');

    const text = logs();
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain(VISITOR.email);
    expect(text).not.toContain(VISITOR.description);
    expect(text.replace(/\D/g, ' ')).not.toMatch(/9812345678/);
  });

  it('answers 503 (not 500) and names the setting in the log when the site group is misconfigured', async () => {
    allowConsoleErrors();
    const logs = captureLogs();
    const workerEnv = production({ SITE_URL: 'http://127.0.0.1:8787' });
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request('https://www.coach.test/'), workerEnv, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      ok: false,
      error: { code: 'not_configured', message: 'The site is not available right now. Please try again later.' },
    });
    expect(logs()).toContain(
      '{"event":"config.problem","level":"error","method":"GET","path":"/","error":"Configuration (site): SITE_URL must be an https address."}',
    );
  });
});

describe('redact', () => {
  it('masks email addresses and phone numbers and drops API error bodies', () => {
    expect(redact('to +919812345678 and +91 98123 45678 or 9812345678')).toBe(
      'to +91******5678 and +91******5678 or 98****5678',
    );
    expect(redact('from meera.iyer@example.org')).toBe('from m***@***.org');
    expect(redact('Firestore API error: 400 - {"error":{"status":"INVALID_ARGUMENT","message":"meera said hi"}}')).toBe(
      'Firestore API error: 400 INVALID_ARGUMENT (body not logged)',
    );
    expect(redact('at 2026-11-22T01:00:00Z, job m1-3f2a')).toBe('at 2026-11-22T01:00:00Z, job m1-3f2a');
  });
});
