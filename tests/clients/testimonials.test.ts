/**
 * A testimonial asked for, with consent: the owner's request (the engagement marked, the client told by WhatsApp
 * inside their 24-hour window and not outside it), the client's form (refused without consent or with bad input,
 * storing nothing; stored pending otherwise, never on the site), the owner's approval into the content draft (the
 * client's address kept privately, never in what is published), the decline, and the client's withdrawal (the
 * quote leaves the draft; the owners are emailed to publish). A token that opens nothing gets the unknown 404.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../src/env';
import { issueLink, startEngagement } from '../../src/clients/start';
import { getLeadStore } from '../../src/store/leads/open';
import { getClientStore } from '../../src/store/clients/open';
import { contentStore } from '../../src/store/site-content/site-content';
import { DraftContent, publicContent } from '../../src/shared/site-content';
import { deskClients } from '../../src/words/clients/desk-clients';
import { consentStatement, testimonialWords as words } from '../../src/words/clients/testimonials';
import { enquiryLead } from '../fixtures/leads';
import { GraphStandin, graphEnv } from '../standins/whatsapp/graph-api';
import { callWorker, postForm, visitorAddress } from '../support/api';
import { uniqueMobile, withinOneWindow } from '../support/shared';
import { inbound, postWebhook, webhookBody, WEBHOOK_SECRETS } from '../support/whatsapp-webhook';

const text = async (res: Response) => (await res.text()).replaceAll('<!-- -->', '').replaceAll('&#x27;', "'");

/** A client: an enquiry lead with an engagement and a live page link (token). */
async function client(workerEnv: Env = env) {
  const lead = enquiryLead({ phone: uniqueMobile(), name: 'Asha Verma', email: `asha.${Date.now()}@example.com` });
  await getLeadStore(workerEnv).save(lead);
  const now = new Date();
  const started = await startEngagement(
    workerEnv,
    {
      lead: { kind: 'enquiry', id: lead.id },
      program: 'one-on-one',
      programTitle: 'One-on-one',
      sessions: 6,
      validUntil: '2099-12-31',
    },
    'owner@example.com',
    now,
  );
  const { token } = await issueLink(workerEnv, started, 'owner@example.com', now);
  return {
    lead,
    engagementId: started.id,
    token,
    desk: `/desk/leads/enquiry/${lead.id}`,
    page: `/c/${token}`,
    post: `/c/${token}/testimonial`,
  };
}

/** Posts as one client address (its own rate-limit bucket). */
const asClient = (workerEnv: Env, path: string, fields: Record<string, string>) =>
  postForm(workerEnv, path, fields, { 'cf-connecting-ip': visitorAddress() });

const ask = (workerEnv: Env, c: { desk: string; engagementId: string }) =>
  postForm(workerEnv, `${c.desk}/testimonial-request`, { engagement: c.engagementId });

const GOOD = {
  quote: 'The sessions gave me my mornings back.',
  name: 'Asha V.',
  place: 'Pune',
  consent: consentStatement.version,
};

const engagement = async (id: string) => (await getClientStore(env).getEngagement(id))!;
const testimonials = (engagementId: string) => getClientStore(env).testimonialsFor(engagementId);
const draft = async () => DraftContent.parse((await contentStore(env.DB, env.FEEDS).readDraft()).json);

describe('the owner’s request', () => {
  it('marks the engagement asked, shows the form on the client’s page, and refuses an engagement not the lead’s', async () => {
    const c = await client();
    // Before the request: no form, and a post is answered as an unknown address.
    expect(await text(await callWorker(env, c.page))).not.toContain(words.section.send);
    expect((await asClient(env, c.post, GOOD)).status).toBe(404);

    const res = await ask(env, c);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${c.desk}?client=asked-untold#client`);
    const asked = await engagement(c.engagementId);
    expect(asked.testimonialAskedAt).toBeTruthy();
    expect(asked.testimonialAskedBy).toBeTruthy();
    const page = await callWorker(env, c.page);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    const html = await text(page);
    expect(html).toContain(words.section.send);
    expect(html).toContain(consentStatement.text);

    const other = await client();
    const refused = await postForm(env, `${c.desk}/testimonial-request`, { engagement: other.engagementId });
    expect(refused.status).toBe(400);
    expect((await postForm(env, `${c.desk}/testimonial-request`, { engagement: 'nope' })).status).toBe(400);
    expect((await engagement(other.engagementId)).testimonialAskedAt).toBeUndefined();
    // The lead's page shows the request button and, once asked, when.
    expect(await text(await callWorker(env, c.desk))).toContain(words.desk.askedAgain);
  });

  it('tells the client by WhatsApp inside their 24-hour window, and sends nothing outside it', async () => {
    const graph = new GraphStandin();
    graph.install();
    const workerEnv = graphEnv({ ...WEBHOOK_SECRETS });
    const inside = await client(workerEnv);
    const now = Math.floor(Date.now() / 1000);
    const wrote = inbound(inside.lead.phone, now - 3600, 'text', { body: 'hello' });
    expect((await postWebhook(workerEnv, webhookBody({ messages: [wrote] }))).status).toBe(200);
    const outside = await client(workerEnv);
    const [told, untold] = [await ask(workerEnv, inside), await ask(workerEnv, outside)];
    expect(told.headers.get('location')).toBe(`${inside.desk}?client=asked-told#client`);
    expect(untold.headers.get('location')).toBe(`${outside.desk}?client=asked-untold#client`);
    // The lead page says which: told on WhatsApp, or to be told by the owner.
    expect(await text(await callWorker(workerEnv, told.headers.get('location')!))).toContain(
      deskClients.card.askedTold,
    );
    expect(await text(await callWorker(workerEnv, untold.headers.get('location')!))).toContain(
      deskClients.card.askedUntold,
    );
    const rows = async (phone: string) =>
      (
        await env.DB.prepare(
          `SELECT template FROM deliveries WHERE recipient = ? AND submission_id LIKE 'testimonial-request:%'`,
        )
          .bind(phone)
          .all<{ template: string }>()
      ).results;
    expect(await rows(inside.lead.phone)).toHaveLength(1);
    expect(await rows(outside.lead.phone)).toHaveLength(0);
  });
});

describe('the client’s form', () => {
  it('shows the consent statement that /privacy shows word for word', async () => {
    const privacy = await text(await callWorker(env, '/privacy'));
    expect(privacy).toContain(consentStatement.text);
    expect(privacy).toContain(consentStatement.version);
  });

  it('refuses a submission without consent, by the box, storing nothing', async () => {
    const c = await client();
    await ask(env, c);
    const { consent: _none, ...noConsent } = GOOD;
    const res = await asClient(env, c.post, noConsent);
    expect(res.status).toBe(400);
    const html = await text(res);
    expect(html).toContain(words.errors.consent);
    expect(html).toContain('id="testimonial-consent-error"');
    // What was typed is kept.
    expect(html).toContain(GOOD.quote);
    expect(await testimonials(c.engagementId)).toHaveLength(0);
  });

  it('refuses bad input by its field, storing nothing, and a token that opens nothing with the unknown 404', async () => {
    const c = await client();
    await ask(env, c);
    for (const [fields, message] of [
      [{ ...GOOD, quote: '' }, words.errors.quote],
      [{ ...GOOD, quote: 'x'.repeat(801) }, words.errors.quote],
      [{ ...GOOD, name: '' }, words.errors.name],
      [{ ...GOOD, name: 'n'.repeat(81) }, words.errors.name],
      [{ ...GOOD, place: 'p'.repeat(81) }, words.errors.place],
    ] as const) {
      const res = await asClient(env, c.post, fields);
      expect(res.status).toBe(400);
      expect(await text(res)).toContain(message);
    }
    expect(await testimonials(c.engagementId)).toHaveLength(0);
    const unknown = await asClient(env, '/c/AAAAAAAAAAAAAAAAAAAAAA/testimonial', GOOD);
    const nowhere = await asClient(env, '/no/such/thing', GOOD);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(await nowhere.text());
    expect((await callWorker(env, '/c/short/testimonial')).status).toBe(404);
  });

  it('is rate-limited per client (their link), each post (the form or a withdrawal) counting once', async () => {
    const c = await client();
    await ask(env, c);
    const { limit, period } = env.TEST_SUBMIT_LIMIT;
    const ip = visitorAddress();
    await withinOneWindow(period, 10);
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) {
      const path = i % 2 === 0 ? c.post : `${c.post}/withdraw`;
      statuses.push((await postForm(env, path, { ...GOOD, testimonial: 'x' }, { 'cf-connecting-ip': ip })).status);
    }
    expect(statuses).not.toContain(429);
    const over = await postForm(env, c.post, GOOD, { 'cf-connecting-ip': ip });
    expect(over.status).toBe(429);
  });

  it('stores a submission pending, with the consent version, and nothing of it reaches the site', async () => {
    const c = await client();
    await ask(env, c);
    const res = await asClient(env, c.post, GOOD);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${c.page}?done=sent#testimonial-heading`);
    const [sent] = await testimonials(c.engagementId);
    expect(sent).toMatchObject({ quote: GOOD.quote, name: 'Asha V.', place: 'Pune', status: 'pending' });
    expect(sent!.consentVersion).toBe(consentStatement.version);
    expect(await text(await callWorker(env, `${c.page}?done=sent`))).toContain(words.section.sent);
    expect(JSON.stringify((await draft()).testimonials)).not.toContain(GOOD.quote);
    expect(await text(await callWorker(env, '/'))).not.toContain(GOOD.quote);
    // The desk lists it as pending.
    expect(await text(await callWorker(env, '/desk/clients/testimonials'))).toContain(GOOD.quote);
  });
});

describe('the owner’s answer and the client’s withdrawal', () => {
  async function sent() {
    const c = await client();
    await ask(env, c);
    await asClient(env, c.post, { ...GOOD, quote: `Thank you, ${c.engagementId}.` });
    const [t] = await testimonials(c.engagementId);
    return { ...c, id: t!.id, quote: t!.quote };
  }

  it('approves into the draft with the client’s address kept privately, never in what is published', async () => {
    const t = await sent();
    const res = await postForm(env, `/desk/clients/testimonials/${t.id}/approve`, {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/desk/clients/testimonials?done=approved');
    const item = (await draft()).testimonials.find((x) => x.from === t.id);
    expect(item).toMatchObject({ quote: t.quote, name: 'Asha V.', role: 'Pune', shown: true, contact: t.lead.email });
    expect(item!.consentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const published = JSON.stringify(publicContent(await draft()));
    expect(published).toContain(t.quote);
    expect(published).not.toContain(t.lead.email);
    expect(published).not.toContain(t.id);
    expect((await getClientStore(env).getTestimonial(t.id))!.status).toBe('approved');
    // No longer pending; a second approval adds nothing.
    expect(await text(await callWorker(env, '/desk/clients/testimonials'))).not.toContain(t.quote);
    await postForm(env, `/desk/clients/testimonials/${t.id}/approve`, {});
    expect((await draft()).testimonials.filter((x) => x.from === t.id)).toHaveLength(1);
  });

  it('takes an approved quote out of the draft when the client withdraws, and emails the owners', async () => {
    const t = await sent();
    await postForm(env, `/desk/clients/testimonials/${t.id}/approve`, {});
    const withEmails = graphEnv({ OWNER_EMAILS: 'priya@example.com, arjun@example.com' } as Partial<Env>);
    const res = await asClient(withEmails, `${t.post}/withdraw`, { testimonial: t.id });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${t.page}?done=withdrawn#testimonial-heading`);
    expect((await draft()).testimonials.some((x) => x.from === t.id)).toBe(false);
    const stored = (await getClientStore(env).getTestimonial(t.id))!;
    expect(stored.status).toBe('withdrawn');
    expect(stored.withdrawnAt).toBeTruthy();
    const emails = await env.DB.prepare(
      `SELECT recipient FROM deliveries WHERE template = 'testimonial_withdrawn_email' AND submission_id = ?`,
    )
      .bind(`testimonial-withdrawn:${t.id}`)
      .all<{ recipient: string }>();
    expect(emails.results.map((r) => r.recipient).sort()).toEqual(['arjun@example.com', 'priya@example.com']);
    expect(await text(await callWorker(env, t.page))).toContain(words.section.status.withdrawn);
  });

  it('withdraws only the client’s own testimonial', async () => {
    const mine = await sent();
    const theirs = await sent();
    await asClient(env, `${mine.page}/withdraw`, { testimonial: theirs.id });
    expect((await getClientStore(env).getTestimonial(theirs.id))!.status).toBe('pending');
  });

  it('declines: nothing reaches the draft, and the answer is given once', async () => {
    const t = await sent();
    const res = await postForm(env, `/desk/clients/testimonials/${t.id}/decline`, {});
    expect(res.headers.get('location')).toBe('/desk/clients/testimonials?done=declined');
    expect((await getClientStore(env).getTestimonial(t.id))!.status).toBe('declined');
    expect(JSON.stringify((await draft()).testimonials)).not.toContain(t.quote);
    const late = await postForm(env, `/desk/clients/testimonials/${t.id}/approve`, {});
    expect(late.headers.get('location')).toBe('/desk/clients/testimonials');
    expect((await getClientStore(env).getTestimonial(t.id))!.status).toBe('declined');
    expect((await postForm(env, '/desk/clients/testimonials/nope/approve', {})).status).toBe(404);
    expect((await postForm(env, `/desk/clients/testimonials/${'A'.repeat(22)}/decline`, {})).status).toBe(404);
  });
});
