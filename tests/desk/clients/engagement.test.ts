/**
 * Starting a client's engagement from their lead page: refused for a lead that is not a client and for each bad
 * field (by the field, nothing stored, nothing sent), started once however often the form is posted, its terms the
 * program's published ones (or an earlier published version), the link sent once (the client_page template outside
 * WhatsApp's window, a text inside it, and email) with only a shortened copy in the ledger; a fresh link replaces
 * the old one, and a revoked link opens nothing.
 */
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../../src/env';
import { getLeadStore } from '../../../src/store/leads/open';
import { getClientStore } from '../../../src/store/clients/open';
import { contentStore } from '../../../src/store/site-content/site-content';
import { CONTENT_KEY, forgetPublished } from '../../../src/store/site-content/published-content';
import { defaultContent } from '../../../src/shared/default-content';
import { engagementForToken } from '../../../src/clients/open-page';
import { termsHash } from '../../../src/clients/start';
import { indiaDay } from '../../../src/clients/validity';
import { deskClients } from '../../../src/words/clients/desk-clients';
import type { JobOf } from '../../../src/queue/jobs';
import { enquiryLead } from '../../fixtures/leads';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { EmailStandin } from '../../standins/email';
import { callWorker, postForm } from '../../support/api';
import { captureQueue, consume, takeJobs } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';
import { inbound, postWebhook, webhookBody, WEBHOOK_SECRETS } from '../../support/whatsapp-webhook';

const FROM = 'priya@coach.example';
const errors = deskClients.errors;

/** Publishes the default content with its first program's terms as `terms` and six sessions; the version's id. */
async function publishTerms(terms: string): Promise<{ versionId: number; program: string }> {
  const store = contentStore(env.DB, env.FEEDS);
  const content = defaultContent();
  content.programs[0] = { ...content.programs[0]!, sessions: 6, terms };
  const draft = await store.readDraft();
  const saved = await store.saveDraft(content, draft.revision, 'owner@example.com');
  expect(saved.ok).toBe(true);
  const published = await store.publish('owner@example.com');
  if (!published.ok) throw new Error('not published');
  return { versionId: published.version.id, program: content.programs[0]!.slug };
}

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare('DELETE FROM content_draft'), env.DB.prepare('DELETE FROM content_versions')]);
  await env.FEEDS.delete(CONTENT_KEY);
  forgetPublished(env.FEEDS);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await env.FEEDS.delete(CONTENT_KEY);
  forgetPublished(env.FEEDS);
});

function setup() {
  const graph = new GraphStandin().install();
  const email = new EmailStandin([FROM]);
  const workerEnv = graphEnv({ ...WEBHOOK_SECRETS, RESULT_EMAIL_FROM: FROM, EMAIL: email.binding } as Partial<Env>);
  const queued = captureQueue(workerEnv);
  return { graph, email, workerEnv, queued };
}

/** An enquiry lead whose status is `status`; its number wrote `hoursAgo` before now when given. */
async function lead(workerEnv: Env, { status = 'client', hoursAgo }: { status?: 'client' | 'new'; hoursAgo?: number }) {
  const address = `client-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const saved = enquiryLead({ phone: uniqueMobile(), name: 'Asha Verma', email: address });
  const store = getLeadStore(workerEnv);
  await store.save(saved);
  if (status === 'client') await store.update('enquiry', saved.id, { status, by: 'o@example.com', at: '2026-01-01' });
  if (hoursAgo !== undefined) {
    const at = Math.floor(Date.now() / 1000) - Math.round(hoursAgo * 3600);
    const message = inbound(saved.phone, at, 'text', { body: 'hello' });
    expect((await postWebhook(workerEnv, webhookBody({ messages: [message] }))).status).toBe(200);
  }
  return { lead: saved, path: `/desk/leads/enquiry/${saved.id}` };
}

const page = async (workerEnv: Env, path: string) => (await callWorker(workerEnv, path)).text();
const formIdOf = (html: string) => /action="[^"]*\/engagement"[^>]*>.*?name="formId" value="([^"]+)"/s.exec(html)![1]!;
const later = (days: number) => indiaDay(new Date(Date.now() + days * 86_400_000));
const engagementsOf = (id: string) => getClientStore(env).engagementsForLead({ kind: 'enquiry', id });

describe('starting an engagement', () => {
  it('is refused for a lead that is not a client, with nothing stored or sent', async () => {
    const { workerEnv, queued } = setup();
    const { program } = await publishTerms('Terms one.');
    const { lead: l, path } = await lead(workerEnv, { status: 'new' });
    const html = await page(workerEnv, path);
    expect(html).toContain(deskClients.card.onlyClients);
    const fields = { formId: 'f'.repeat(32), program, sessions: '6', valid_until: later(60), terms: '' };
    const res = await postForm(workerEnv, `${path}/engagement`, fields);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(errors.notClient);
    expect(await engagementsOf(l.id)).toEqual([]);
    expect(takeJobs(queued, 'client-link')).toEqual([]);
  });

  it('refuses each bad field with its message by the field, storing and sending nothing', async () => {
    const { workerEnv, queued } = setup();
    const { program } = await publishTerms('Terms one.');
    const { lead: l, path } = await lead(workerEnv, {});
    const formId = formIdOf(await page(workerEnv, path));
    const good = { formId, program, sessions: '6', valid_until: later(60), terms: '' };
    const cases: [Record<string, string>, string, string][] = [
      [{ program: 'no-such-program' }, 'client-program', errors.program],
      [{ sessions: '0' }, 'client-sessions', errors.sessions],
      [{ sessions: '51' }, 'client-sessions', errors.sessions],
      [{ sessions: 'six' }, 'client-sessions', errors.sessions],
      [{ valid_until: later(-2) }, 'client-valid-until', errors.validUntil],
      [{ valid_until: '2027-02-30' }, 'client-valid-until', errors.validUntil],
      [{ terms: '999999' }, 'client-terms', errors.terms],
      [{ formId: 'short' }, '', errors.form],
    ];
    for (const [bad, field, message] of cases) {
      const res = await postForm(workerEnv, `${path}/engagement`, { ...good, ...bad });
      expect(res.status).toBe(400);
      const html = await res.text();
      if (field) expect(html).toContain(`id="${field}-error" class="desk-field-error">${message}`);
      else expect(html).toContain(`class="desk-field-error">${message}`);
    }
    expect(await engagementsOf(l.id)).toEqual([]);
    expect(takeJobs(queued, 'client-link')).toEqual([]);
  });

  it('starts one engagement for a form posted twice and sends its link once: template and email', async () => {
    const { workerEnv, queued, graph, email } = setup();
    await publishTerms('Terms one.');
    const { versionId, program } = await publishTerms('Terms two.');
    const { lead: l, path } = await lead(workerEnv, {});
    const html = await page(workerEnv, path);
    expect(html).toMatch(/id="client-sessions"[^>]*value="6"/); // the program's sessions, prefilled
    const fields = { formId: formIdOf(html), program, sessions: '6', valid_until: later(90), terms: '' };
    for (let i = 0; i < 2; i++) {
      const res = await postForm(workerEnv, `${path}/engagement`, fields);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`${path}?client=started#client`);
    }
    const [engagement, ...more] = await engagementsOf(l.id);
    expect(more).toEqual([]);
    expect(engagement).toMatchObject({ program, sessions: 6, validUntil: fields.valid_until });
    expect(engagement!.terms).toEqual({ versionId, text: 'Terms two.', hash: await termsHash('Terms two.') });

    const jobs = takeJobs(queued, 'client-link') as JobOf<'client-link'>[];
    expect(jobs.map((j) => j.channel).sort()).toEqual(['email', 'template']);
    const token = jobs[0]!.token;
    expect(await engagementForToken(workerEnv, token, new Date())).toMatchObject({ id: engagement!.id });
    // Each job run twice (a redelivery) still sends once.
    await consume(workerEnv, [...jobs, ...jobs]);
    const templates = graph.delivered.filter((b: { type?: string }) => b.type === 'template');
    expect(templates).toHaveLength(1);
    expect(templates[0].template.name).toBe('client_page');
    const params = templates[0].template.components[0].parameters.map((p: { text: string }) => p.text);
    expect(params[0]).toBe('Asha');
    expect(params[2]).toMatch(new RegExp(`/c/${token}$`));
    const [sent, ...again] = email.to(l.email!);
    expect(again).toEqual([]);
    expect(sent!.text).toContain(`/c/${token}\n`);
    // The ledger keeps the message with the link shortened: the token is nowhere in it.
    const rows = await env.DB.prepare(`SELECT components, status FROM deliveries WHERE submission_id LIKE ?`)
      .bind(`client-link:${engagement!.id}:%`)
      .all<{ components: string; status: string }>();
    expect(rows.results.map((r) => r.status)).toEqual(['sent', 'sent']);
    for (const row of rows.results) {
      expect(row.components).not.toContain(token);
      expect(row.components).toContain(`/c/${token.slice(0, 4)}…`);
    }
    const after = await page(workerEnv, `${path}?client=started`);
    expect(after).toContain(deskClients.card.started);
    expect(after).toContain(deskClients.card.used(0, 6, 6));
    expect(after).toContain(deskClients.card.termsNotAccepted(versionId));
  });

  it('sends a text inside the window, and takes an earlier published version of the terms when chosen', async () => {
    const { workerEnv, queued, graph } = setup();
    const first = await publishTerms('Terms one.');
    await publishTerms('Terms two.');
    const { lead: l, path } = await lead(workerEnv, { hoursAgo: 1 });
    const fields = {
      formId: formIdOf(await page(workerEnv, path)),
      program: first.program,
      sessions: '4',
      valid_until: later(30),
      terms: String(first.versionId),
    };
    expect((await postForm(workerEnv, `${path}/engagement`, fields)).status).toBe(303);
    const [engagement] = await engagementsOf(l.id);
    expect(engagement!.terms).toMatchObject({ versionId: first.versionId, text: 'Terms one.' });
    const jobs = takeJobs(queued, 'client-link') as JobOf<'client-link'>[];
    expect(jobs.map((j) => j.channel).sort()).toEqual(['email', 'text']);
    await consume(workerEnv, jobs);
    const texts = graph.delivered.filter((b: { type?: string; to?: string }) => b.type === 'text');
    expect(texts.map((t: { text: { body: string } }) => t.text.body)).toEqual([
      expect.stringMatching(new RegExp(`^Hello Asha, your page for .+ is ready: https?://.+/c/${jobs[0]!.token}\\n`)),
    ]);
  });
});

describe('a client’s link', () => {
  async function started() {
    const s = setup();
    const { program } = await publishTerms('Terms one.');
    const { lead: l, path } = await lead(s.workerEnv, {});
    const fields = {
      formId: formIdOf(await page(s.workerEnv, path)),
      program,
      sessions: '6',
      valid_until: later(60),
      terms: '',
    };
    expect((await postForm(s.workerEnv, `${path}/engagement`, fields)).status).toBe(303);
    const [engagement] = await engagementsOf(l.id);
    const jobs = takeJobs(s.queued, 'client-link') as JobOf<'client-link'>[];
    return { ...s, path, engagement: engagement!, jobs, token: jobs[0]!.token };
  }

  it('is replaced by a fresh one: the old token opens nothing and its queued message is not sent', async () => {
    const { workerEnv, queued, graph, path, engagement, jobs, token } = await started();
    const res = await postForm(workerEnv, `${path}/engagement/${engagement.id}/link`, {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${path}?client=sent#client`);
    const fresh = takeJobs(queued, 'client-link') as JobOf<'client-link'>[];
    expect(fresh).toHaveLength(2);
    expect(fresh[0]!.token).not.toBe(token);
    expect(await engagementForToken(workerEnv, token, new Date())).toBeNull();
    expect(await engagementForToken(workerEnv, fresh[0]!.token, new Date())).toMatchObject({ id: engagement.id });
    // The first link's jobs, run late, send nothing: only the fresh link reaches the client.
    await consume(workerEnv, [...jobs, ...fresh]);
    const links = graph.delivered
      .filter((b: { type?: string }) => b.type === 'template')
      .map(
        (b: { template: { components: { parameters: { text: string }[] }[] } }) =>
          b.template.components[0]!.parameters[2]!.text,
      );
    expect(links).toEqual([expect.stringMatching(new RegExp(`/c/${fresh[0]!.token}$`))]);
  });

  it('is revoked: the token opens nothing, the card says so, and a second tap changes nothing', async () => {
    const { workerEnv, path, engagement, token } = await started();
    for (let i = 0; i < 2; i++) {
      const res = await postForm(workerEnv, `${path}/engagement/${engagement.id}/revoke`, {});
      expect(res.status).toBe(303);
    }
    expect(await engagementForToken(workerEnv, token, new Date())).toBeNull();
    const stored = await getClientStore(env).getEngagement(engagement.id);
    expect(stored!.link).toBeUndefined();
    expect(stored!.revokedBy).toBeTruthy();
    const html = await page(workerEnv, path);
    expect(html).toContain('Revoked on ');
    expect(html).not.toContain(deskClients.card.revoke);
  });

  it('answers 404 for an engagement of another lead', async () => {
    const { workerEnv, engagement } = await started();
    const { path: other } = await lead(workerEnv, {});
    expect((await postForm(workerEnv, `${other}/engagement/${engagement.id}/revoke`, {})).status).toBe(404);
    expect((await postForm(workerEnv, `${other}/engagement/${engagement.id}/link`, {})).status).toBe(404);
    expect((await getClientStore(env).getEngagement(engagement.id))!.link).toBeDefined();
  });
});
