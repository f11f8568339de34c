/**
 * The owners' desk over HTTP: listing, search, follow-up, messages and resend, export, and what the funnel adds to a
 * lead (who may see the desk: desk-access.test.ts; its numbers: desk-numbers.test.ts).
 */
import { SELF, createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/index';
import type { Env } from '../../src/env';
import { getLeadStore } from '../../src/store/leads/open';
import type { Lead } from '../../src/store/leads/lead';
import { post } from '../support/api';
import { enquiryLead } from '../fixtures/leads';

const ORIGIN = 'http://127.0.0.1:8787';
const get = (path: string) => SELF.fetch(`${ORIGIN}${path}`);
const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = { origin: ORIGIN }) =>
  SELF.fetch(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
const unique = () => `lead-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function storeEnquiry(over: Partial<Extract<Lead, { kind: 'enquiry' }>> = {}) {
  const lead = { ...enquiryLead(), email: unique(), ...over };
  await getLeadStore(env).save(lead);
  return lead;
}

afterEach(() => vi.unstubAllGlobals());

describe('the inbox (development: the local owner is signed in)', () => {
  it('lists a lead sent through the public form, newest first, private and not indexed', async () => {
    const email = unique();
    const sent = await post('enquiry', {
      submissionId: crypto.randomUUID(),
      name: 'Meera Iyer',
      phone: '9812345678',
      email,
    });
    expect(sent.status).toBe(201);
    const res = await get('/desk');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toMatch(/Signed in as(<!-- -->)? <strong>owner@localhost<\/strong>/);
    expect(html).toContain('Meera Iyer');
    expect(html.indexOf('Meera Iyer')).toBeLessThan(html.indexOf('</ol>'));
    // No script is sent to the desk.
    expect(html).not.toContain('<script');
  });

  it('finds a lead with /desk?q= as a plain link, by email and by phone', async () => {
    const lead = await storeEnquiry({ name: 'Kavya Nair', phone: '+919876501234' });
    for (const q of [lead.email, '98765 01234', 'kavya nair']) {
      const html = await (await get(`/desk?q=${encodeURIComponent(q)}`)).text();
      expect(html, q).toContain('Kavya Nair');
    }
    const none = await (await get(`/desk?q=${encodeURIComponent(unique())}`)).text();
    expect(none).toContain('No leads match.');
  });

  it.each([
    ['kind=bogus', 'kind'],
    ['from=yesterday', 'from'],
    ['from=2026-11-20&to=2026-11-01', 'to'],
    ['cursor=not-a-cursor', 'cursor'],
    [`q=${'x'.repeat(121)}`, 'q'],
  ])('answers ?%s with 400 in the one error shape naming the field', async (query, field) => {
    for (const path of ['/desk', '/desk/export.csv']) {
      const res = await get(`${path}?${query}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        ok: false,
        error: { code: 'invalid_input', message: expect.any(String), fields: { [field]: expect.any(String) } },
      });
    }
  });

  it('shows one lead; an unknown id is 404 and a malformed one 400, in the error shape', async () => {
    const lead = await storeEnquiry({ name: 'Ravi Kumar' });
    const res = await get(`/desk/leads/enquiry/${lead.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('href="tel:+919812345678"');
    expect(html).toContain('href="https://wa.me/919812345678"');
    expect(html).toContain(`href="mailto:${lead.email}"`);
    expect((await get(`/desk/leads/enquiry/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await get(`/desk/leads/quiz/${lead.id}`)).status).toBe(404);
    const bad = await get('/desk/leads/enquiry/..%2F..%2Fetc');
    expect(bad.status).toBe(400);
    expect((await get('/desk/leads/invoice/abc')).status).toBe(400);
  });
});

describe('changes', () => {
  it('sets the status and the note, recording the owner and the time', async () => {
    const lead = await storeEnquiry();
    const status = await form(`/desk/leads/enquiry/${lead.id}/status`, { status: 'contacted' });
    expect(status.status).toBe(303);
    expect(status.headers.get('location')).toBe(`/desk/leads/enquiry/${lead.id}`);
    await form(`/desk/leads/enquiry/${lead.id}/note`, { note: '  Prefers evenings  ' });
    const row = await env.DB.prepare('SELECT * FROM lead_desk WHERE kind = ? AND id = ?')
      .bind('enquiry', lead.id)
      .first();
    expect(row).toMatchObject({
      status: 'contacted',
      status_by: 'owner@localhost',
      note: 'Prefers evenings',
      note_by: 'owner@localhost',
    });
    const html = await (await get(`/desk/leads/enquiry/${lead.id}`)).text();
    expect(html).toContain('Prefers evenings');
    expect(html).toMatch(/Set by owner@localhost on/);
  });

  it.each([
    ['no Origin', {}],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin null', { origin: 'null' }],
  ])('refuses a change with %s (403) and changes nothing', async (_label, headers) => {
    const lead = await storeEnquiry();
    const res = await form(`/desk/leads/enquiry/${lead.id}/status`, { status: 'closed' }, headers);
    expect(res.status).toBe(403);
    expect(await env.DB.prepare('SELECT * FROM lead_desk WHERE id = ?').bind(lead.id).first()).toBeNull();
  });

  it('refuses a bad status (400 naming the field) and an unknown lead (404), changing nothing', async () => {
    const lead = await storeEnquiry();
    const bad = await form(`/desk/leads/enquiry/${lead.id}/status`, { status: 'won' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { fields: { status: expect.any(String) } } });
    const missing = await form(`/desk/leads/enquiry/${crypto.randomUUID()}/status`, { status: 'closed' });
    expect(missing.status).toBe(404);
    const long = await form(`/desk/leads/enquiry/${lead.id}/note`, { note: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(await env.DB.prepare('SELECT * FROM lead_desk WHERE id = ?').bind(lead.id).first()).toBeNull();
  });
});

describe('messages', () => {
  async function delivery(lead: Lead, status: string, updatedAt = new Date().toISOString()) {
    await env.DB.prepare(
      `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, status, attempts, last_error_code, last_error_message, components, created_at, updated_at)
       VALUES (?, 'journey_owner', '+919800000001', ?, ?, 1, '190', 'Error validating access token', '[]', ?, ?)`,
    )
      .bind(lead.id, lead.kind, status, updatedAt, updatedAt)
      .run();
  }

  it('shows each message with its state and Meta error, a banner for recent failures, and resends through the queue', async () => {
    const lead = await storeEnquiry();
    await delivery(lead, 'failed');
    const html = await (await get(`/desk/leads/enquiry/${lead.id}`)).text();
    expect(html).toContain('Failed');
    expect(html).toContain('Meta error 190: Error validating access token');
    expect(html).toMatch(/WhatsApp messages? failed in the last 7 days/);
    expect(html).toContain('>Resend</button>');

    const send = vi.spyOn(env.JOBS, 'send');
    const res = await form(`/desk/leads/enquiry/${lead.id}/resend`, {
      template: 'journey_owner',
      recipient: '+919800000001',
    });
    expect(res.status).toBe(303);
    expect(send).toHaveBeenCalledWith({ type: 'replay-deliveries' }, { contentType: 'json' });
    const row = await env.DB.prepare('SELECT status FROM deliveries WHERE submission_id = ?').bind(lead.id).first();
    expect(row).toEqual({ status: 'replay' });
    // A second tap while it is queued sends nothing more.
    await form(`/desk/leads/enquiry/${lead.id}/resend`, { template: 'journey_owner', recipient: '+919800000001' });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("names an owner's failed message by label, never by the owner's number, and resends it by that label", async () => {
    const withOwners = { ...env, OWNER_PHONES: '+919800000001,+919800000002', OWNER_NAMES: 'Priya,Arjun' } as Env;
    const call = async (path: string, init?: RequestInit) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(`${ORIGIN}${path}`, init), withOwners, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };
    const resendBy = (lead: Lead, recipient: string) =>
      call(`/desk/leads/enquiry/${lead.id}/resend`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
        body: new URLSearchParams({ template: 'journey_owner', recipient }).toString(),
        redirect: 'manual',
      });
    const lead = await storeEnquiry();
    await delivery(lead, 'failed');
    const html = await (await call(`/desk/leads/enquiry/${lead.id}`)).text();
    // The owner by name, never by the internal label (which the form still posts).
    expect(html).toContain('Priya');
    expect(html).not.toContain('(Admin1)');
    expect(html).toContain('name="recipient" value="Admin1"');
    for (const number of ['+919800000001', '919800000001', '9800000001']) expect(html).not.toContain(number);

    expect((await resendBy(lead, 'Admin9')).status).toBe(400);
    const send = vi.spyOn(env.JOBS, 'send');
    expect((await resendBy(lead, 'Admin1')).status).toBe(303);
    expect(send).toHaveBeenCalledWith({ type: 'replay-deliveries' }, { contentType: 'json' });
    const row = await env.DB.prepare('SELECT status FROM deliveries WHERE submission_id = ?').bind(lead.id).first();
    expect(row).toEqual({ status: 'replay' });
  });

  it('does not offer or accept a resend for a sent message', async () => {
    const lead = await storeEnquiry();
    await delivery(lead, 'sent');
    const html = await (await get(`/desk/leads/enquiry/${lead.id}`)).text();
    expect(html).not.toContain('>Resend</button>');
    const send = vi.spyOn(env.JOBS, 'send');
    await form(`/desk/leads/enquiry/${lead.id}/resend`, { template: 'journey_owner', recipient: '+919800000001' });
    expect(send).not.toHaveBeenCalled();
  });

  it('says when WhatsApp is not configured', async () => {
    const html = await (await get('/desk')).text();
    expect(html).toContain('WhatsApp is not configured');
  });
});

describe('export', () => {
  it('streams CSV with a byte-order mark, every field in columns, and formulas neutralised', async () => {
    const lead = await storeEnquiry({ name: 'Ānanya Śarma', description: '=HYPERLINK("https://evil.example","x")' });
    const res = await get(`/desk/export.csv?kind=enquiry&q=${encodeURIComponent(lead.email)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="leads-enquiry-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row, end] = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(header).toBe(
      'kind,id,createdAt,name,email,phone,description,' +
        'utm_source,utm_medium,utm_campaign,utm_content,utm_term,referrer_host,landing_path,consentVersion,consentAt,' +
        'status,statusBy,statusAt,note,noteBy,noteAt,owner,ownerBy,ownerAt',
    );
    expect(row).toBe(
      `enquiry,${lead.id},${lead.createdAt},Ānanya Śarma,${lead.email},'+919812345678,"'=HYPERLINK(""https://evil.example"",""x"")",` +
        `,,,,,,,${lead.consent.version},${lead.consent.at},new,,,,,,,,`,
    );
    expect(end).toBe('');
  });
});

describe('what the funnel and the budgets add to a lead', () => {
  it('shows a quiz lead’s recommendation, its visit’s attribution and its consent, and exports them', async () => {
    const email = unique();
    const sent = await post('quiz', {
      submissionId: crypto.randomUUID(),
      answers: { '0': 'Leadership', '1': '40-55', '2': 'I attended an event' },
      contact: { first: 'Ritu', last: 'Menon', email, phone: '' },
      attribution: { utm_source: 'instagram', utm_campaign: 'november-talk', referrer_host: 'l.instagram.com' },
    });
    expect(sent.status).toBe(201);
    const id = String(sent.body.id);
    const html = await (await get(`/desk/leads/quiz/${id}`)).text();
    expect(html).toMatch(/<dt>Programs suggested<\/dt><dd>Retreats &amp; Workshops, Talks &amp; Keynotes<\/dd>/);
    expect(html).toContain('<dt>Came from</dt><dd>Instagram (campaign November talk)</dd>');
    expect(html).toMatch(/<dt>Consent<\/dt><dd>Notice quiz-[^<]+<\/dd>/);

    const csv = await (await get('/desk/export.csv?kind=quiz')).text();
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const columns = header!.split(',');
    const row = rows.find((r) => r.includes(email))!.split(',');
    expect(row[columns.indexOf('recommended')]).toBe('Retreats & Workshops; Talks & Keynotes');
    expect(row[columns.indexOf('utm_source')]).toBe('instagram');
    expect(row[columns.indexOf('consentVersion')]).toMatch(/^quiz-/);
  });

  it('says why a message was not sent (skipped) in the owners’ words', async () => {
    // Turnstile refused the form: the lead keeps that verdict, and its visitor message was skipped.
    const lead = await storeEnquiry({ verified: false });
    await env.DB.prepare(
      `INSERT INTO deliveries (submission_id, template, recipient, lead_kind, audience, status, skip_reason, components, created_at, updated_at)
       VALUES (?, 'journey_users', ?, 'enquiry', 'visitor', 'skipped', 'unverified', '[]', ?, ?)`,
    )
      .bind(lead.id, lead.phone, lead.createdAt, lead.createdAt)
      .run();
    const html = await (await get(`/desk/leads/enquiry/${lead.id}`)).text();
    expect(html).toContain('Skipped');
    expect(html).toContain('Not sent: the form was not verified as sent by a person (Turnstile).');
    // The lead itself is marked unverified, with what that meant for the owners.
    expect(html).toContain('desk-status-unverified');
    expect(html).toContain('The owners were not alerted one by one');
    // A lead whose siteverify could not be reached is not called unverified: its owners were alerted one by one.
    const unchecked = await storeEnquiry({ verified: false, unchecked: true });
    const page = await (await get(`/desk/leads/enquiry/${unchecked.id}`)).text();
    expect(page).not.toContain('desk-status-unverified');
  });
});

describe('leads the store refused for good', () => {
  it('are listed on /desk/dead with who sent them and why, and the inbox links there', async () => {
    const id = crypto.randomUUID();
    const lead = { ...enquiryLead(), id, name: 'Farah Khan', email: unique() };
    await env.DB.prepare(
      'INSERT INTO dead_leads (id, kind, lead, reason, attempts, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
      .bind(
        id,
        'enquiry',
        JSON.stringify(lead),
        'Firestore API error: 400 - INVALID_ARGUMENT',
        3,
        new Date().toISOString(),
      )
      .run();
    const inbox = await (await get('/desk')).text();
    expect(inbox).toMatch(/<a href="\/desk\/dead">\d+ leads? could not be stored/);
    const res = await get('/desk/dead');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('Farah Khan');
    expect(html).toContain(lead.email);
    expect(html).toContain('Refused 3 times: Firestore API error: 400 - INVALID_ARGUMENT');
  });
});
