import { Hono, type Context } from 'hono';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { DeskDocument, type Banner } from '../desk/views/desk-document';
import { InboxPage, deskHref } from '../desk/views/inbox';
import { LeadDetail } from '../desk/views/lead-detail';
import { NumbersPage } from '../desk/views/numbers';
import { DeadLeadsPage } from '../desk/views/dead-leads';
import { HealthPage } from '../desk/views/health';
import { health as healthCopy } from '../content/health';
import { lastHealth } from '../health/run';
import { deadLeadCount, deadLeads } from '../store/dead-leads';
import { assets } from '../assets';
import { desk as copy } from '../content/desk';
import { dailyCounts } from '../store/counters';
import { exportCsv } from '../desk/export';
import { messagesFor, recentFailures, resend } from '../desk/messages';
import { LeadParams, ListParams, NoteForm, ResendForm, StatusForm, parse, toQuery } from '../desk/params';
import { ApiException } from '../http/errors';
import { readBody } from '../http/body';
import { getLeadStore } from '../store/port';
import { readConfig, type Env } from '../env';
import { deskAccess, type OwnerVariables } from '../security/desk-access';
import { sameOriginWrites } from '../security/guards';
import { deskConversations, inboxReplies, leadConversation } from './desk-conversations';

type DeskEnv = { Bindings: Env; Variables: OwnerVariables };

const PAGE_SIZE = 50;

/** The owners' desk: every lead and message, behind Cloudflare Access. Nothing here is cached or indexed. */
export const desk = new Hono<DeskEnv>();

desk.use('*', async function deskHeaders(c, next) {
  await next();
  c.header('Cache-Control', 'private, no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
});
desk.use('*', deskAccess());
desk.use('*', sameOriginWrites());

desk.get('/', async (c) => {
  const params = parse(ListParams, c.req.query());
  const page = await getLeadStore(c.env).list(toQuery(params, PAGE_SIZE));
  const replies = await inboxReplies(c.env);
  return render(
    c,
    copy.kindsPlural[params.kind ?? 'all'],
    'inbox',
    params,
    <InboxPage leads={page.leads} params={params} next={page.next} replies={replies.strip} unread={replies.unread} />,
  );
});

desk.get('/numbers', async (c) => {
  const counts = await dailyCounts(c.env.DB, 30);
  return render(c, copy.numbers.title, 'numbers', {}, <NumbersPage counts={counts} />);
});

desk.get('/health', async (c) => {
  const report = await lastHealth(c.env.DB);
  return render(c, healthCopy.title, 'health', {}, <HealthPage report={report} />);
});

/** The self-check as JSON for monitors: `{ ok, checkedAt, checks }`; before the first run ok is false. */
desk.get('/health.json', async (c) => {
  const report = await lastHealth(c.env.DB);
  return c.json(report ?? { ok: false, checkedAt: null, checks: [] });
});

desk.get('/dead', async (c) => {
  const leads = await deadLeads(c.env.DB);
  return render(c, copy.dead.title, 'inbox', {}, <DeadLeadsPage leads={leads} />);
});

desk.get('/export.csv', (c) => {
  const params = parse(ListParams, c.req.query());
  return exportCsv(getLeadStore(c.env), params);
});

desk.get('/leads/:kind/:id', async (c) => {
  const { kind, id } = parse(LeadParams, c.req.param());
  const lead = await getLeadStore(c.env).get(kind, id);
  if (!lead) throw new ApiException(404, 'not_found', copy.lead.notFound);
  const messages = await messagesFor(c.env.DB, kind, id);
  const owners = readConfig(c.env).whatsapp.owners.map((o) => ({
    phone: o.phone,
    ref: o.label,
    label: `${o.name} (${o.label})`,
    ...(o.email ? { email: o.email } : {}),
  }));
  const title = lead.kind === 'newsletter' ? lead.email : lead.kind === 'quiz' ? lead.contact.first : lead.name;
  const conversation = await leadConversation(c.env, lead);
  return render(
    c,
    title,
    'inbox',
    {},
    <LeadDetail lead={lead} messages={messages} owners={owners} conversation={conversation} />,
  );
});

desk.post('/leads/:kind/:id/status', async (c) => {
  const { kind, id } = parse(LeadParams, c.req.param());
  const { status } = parse(StatusForm, (await readBody(c)).fields);
  await change(c, kind, id, { status });
  return c.redirect(leadPath(kind, id), 303);
});

desk.post('/leads/:kind/:id/note', async (c) => {
  const { kind, id } = parse(LeadParams, c.req.param());
  const { note } = parse(NoteForm, (await readBody(c)).fields);
  await change(c, kind, id, { note: note.trim() });
  return c.redirect(leadPath(kind, id), 303);
});

desk.post('/leads/:kind/:id/resend', async (c) => {
  const { kind, id } = parse(LeadParams, c.req.param());
  const form = parse(ResendForm, (await readBody(c)).fields);
  // The page names an owner by label: an owner's number (a secret) is never sent to the browser.
  const [label, channel] = form.recipient.split(':');
  const owner = readConfig(c.env).whatsapp.owners.find((o) => o.label === label);
  const recipient = form.recipient.startsWith('+') ? form.recipient : channel === 'email' ? owner?.email : owner?.phone;
  if (!recipient)
    throw new ApiException(400, 'invalid_input', 'Unknown recipient.', { recipient: 'Unknown recipient.' });
  if (!(await getLeadStore(c.env).get(kind, id))) throw new ApiException(404, 'not_found', copy.lead.notFound);
  // Already queued or sent (a double tap): nothing more to do, show the lead.
  await resend(c.env, kind, id, form.template, recipient);
  return c.redirect(leadPath(kind, id), 303);
});

// Conversations with visitors on WhatsApp, and the owners' answers.
desk.route('/', deskConversations(render));

const leadPath = (kind: string, id: string) => `/desk/leads/${kind}/${encodeURIComponent(id)}`;

async function change(
  c: Context<DeskEnv>,
  kind: LeadParams['kind'],
  id: string,
  change: { status: StatusForm['status'] } | { note: string },
): Promise<void> {
  const updated = await getLeadStore(c.env).update(kind, id, {
    ...change,
    by: c.var.owner.email,
    at: new Date().toISOString(),
  });
  if (!updated) throw new ApiException(404, 'not_found', copy.lead.notFound);
}

async function render(
  c: Context<DeskEnv>,
  title: string,
  current: 'inbox' | 'numbers' | 'health' | 'conversations',
  params: Partial<ListParams>,
  body: ReactElement,
) {
  const banners: Banner[] = [];
  const failed = await recentFailures(c.env.DB);
  if (failed > 0) banners.push({ tone: 'warning', text: copy.banners.failed(failed) });
  const dead = await deadLeadCount(c.env.DB);
  if (dead > 0) banners.push({ tone: 'warning', text: copy.banners.dead(dead), href: '/desk/dead' });
  const health = await lastHealth(c.env.DB);
  const failing = health?.checks
    .filter((check) => !check.ok)
    .map((check) => healthCopy.names[check.name] ?? check.name);
  if (failing?.length) banners.push({ tone: 'warning', text: healthCopy.banner(failing), href: '/desk/health' });
  if (!readConfig(c.env).whatsapp.sending.ok) {
    banners.push({ tone: 'info', text: copy.banners.notConfigured });
  }
  const { cursor: _cursor, ...filters } = params;
  const html = renderToString(
    <DeskDocument
      title={title}
      css={assets.deskCss}
      owner={c.var.owner.email}
      exportHref={deskHref('/desk/export.csv', filters)}
      banners={banners}
      current={current}
    >
      {body}
    </DeskDocument>,
  );
  return c.html(`<!DOCTYPE html>${html}`);
}
