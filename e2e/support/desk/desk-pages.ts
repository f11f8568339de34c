/**
 * Every page of the owners' desk, with some data in it first: a lead who also wrote on WhatsApp, someone no lead
 * has who wrote, a booking no lead was found for, a link to share and a saved reply. Made once per worker, through
 * the site's own doors (the API, the signed webhooks and the desk's forms), as a visitor, Meta, Cal.com and an owner
 * would.
 */
import { expect, type Page } from '@playwright/test';
import { calcomBody } from '../../../tests/support/booking-bodies';
import { hmacHex } from '../../../tests/support/whatsapp-envelope';
import { accessToken } from './desk';
import { uniqueEmail, uniquePhone } from '../leads';
import { waitForLeads } from '../store';
import { messageEvent, postSigned } from '../webhook';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;

/** The Cal.com webhook's secret the e2e server gives the Worker (scripts/dev/e2e-server.mjs). */
const CALCOM_SECRET = 'e2e-calcom-webhook-secret';

export interface DeskData {
  leadPath: string;
  conversationPath: string;
  email: string;
}

const visitor = () =>
  `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}::1`;

async function ownerPost(path: string, fields: Record<string, string>): Promise<void> {
  const res = await fetch(`${BASE}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Cf-Access-Jwt-Assertion': await accessToken({ email: 'priya@example.com' }),
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: BASE,
    },
    body: new URLSearchParams(fields).toString(),
  });
  if (res.status !== 303) throw new Error(`POST ${path} answered ${res.status}`);
}

async function ownerGet(path: string): Promise<string> {
  const res = await fetch(`${BASE}${path}`, {
    headers: { 'Cf-Access-Jwt-Assertion': await accessToken({ email: 'priya@example.com' }) },
  });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  return res.text();
}

async function healthCheckedAt(): Promise<string | null> {
  return (JSON.parse(await ownerGet('/desk/health.json')) as { checkedAt: string | null }).checkedAt;
}

async function makeDeskData(): Promise<DeskData> {
  const email = uniqueEmail('deskpages');
  const phone = uniquePhone();
  const tag = crypto.randomUUID().slice(0, 6);
  const lead = await fetch(`${BASE}/api/enquiry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'CF-Connecting-IP': visitor() },
    body: JSON.stringify({
      submissionId: crypto.randomUUID(),
      name: 'Meenakshi Sundaram-Venkataraman',
      email,
      phone: phone.typed,
      description:
        'We would like a half-day workshop on resilience for our school’s teachers in December, about forty people.',
    }),
  });
  if (lead.status !== 201) throw new Error(`POST /api/enquiry answered ${lead.status}`);
  const [stored] = await waitForLeads<{ id: string }>('enquiries', email);
  await postSigned(BASE, messageEvent(phone.e164, 'Is the first week of December possible for you?', 'Meenakshi'));
  const stranger = `Stranger Deskpages ${tag}`;
  await postSigned(BASE, messageEvent(uniquePhone().e164, 'Do you run retreats in Goa? What do they cost?', stranger));

  // A booking made on the tool's page with an address no lead holds: it waits on Bookings.
  const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3 * 86_400_000);
  const raw = JSON.stringify(
    calcomBody({
      name: `Walkin ${tag}`,
      email: uniqueEmail('walkin'),
      start: start.toISOString(),
      end: new Date(start.getTime() + 30 * 60_000).toISOString(),
    }),
  );
  await fetch(`${BASE}/webhooks/calcom`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Cal-Signature-256': await hmacHex(CALCOM_SECRET, raw) },
    body: raw,
  });

  await ownerPost('/desk/links', { source: 'instagram', medium: 'bio', campaign: `december-${tag}`, page: '/quiz' });
  await ownerPost('/desk/replies', {
    title: `Fees ${tag}`,
    text: 'Sessions for a team start at ₹20,000. Shall I send the details and a few dates that work?',
  });

  // The self-check has run once, as the cron runs it every 15 minutes (its answer comes before the check ends).
  const before = await healthCheckedAt();
  if ((await fetch(`${BASE}/__scheduled?cron=*/15+*+*+*+*`)).status !== 200) throw new Error('the cron did not run');
  await expect.poll(healthCheckedAt, { message: 'the self-check has run', timeout: 15_000 }).not.toBe(before);

  // The stranger's conversation, by its opaque id, from the list of conversations.
  const list = await ownerGet('/desk/conversations');
  const at = list.indexOf(stranger);
  const href = [...list.slice(0, at).matchAll(/href="(\/desk\/conversations\/[0-9a-f]{32})"/g)].at(-1)?.[1];
  if (!href) throw new Error('the stranger’s conversation is not listed');
  return { leadPath: `/desk/leads/enquiry/${stored!.id}`, conversationPath: href, email };
}

let made: Promise<DeskData> | undefined;

/** The desk's data, made once for this worker. */
export function deskData(): Promise<DeskData> {
  made ??= makeDeskData();
  return made;
}

/** A desk page: its name (for screenshots) and its address, from the data. */
export interface DeskPage {
  name: string;
  path: (data: DeskData) => string;
  /** What the owner does on the page first, when the page shown is the answer to a form. */
  then?: (page: Page, data: DeskData) => Promise<void>;
}

/** Every page of the desk an owner opens (src/desk/<area>/): the follow-ups and opt-outs are parts of a lead's and a conversation's page. */
export const DESK_PAGES: DeskPage[] = [
  { name: 'inbox', path: () => '/desk' },
  { name: 'inbox-dead', path: () => '/desk/dead' },
  { name: 'lead', path: (d) => d.leadPath },
  { name: 'conversations', path: () => '/desk/conversations' },
  { name: 'conversation', path: (d) => d.conversationPath },
  { name: 'people', path: () => '/desk/people' },
  {
    name: 'people-found',
    path: () => '/desk/people',
    then: async (page, data) => {
      await page.getByRole('searchbox', { name: 'Email address or phone number' }).fill(data.email);
      await page.getByRole('button', { name: 'Find' }).click();
      await page
        .getByRole('heading', { name: new RegExp(`records held for ${data.email.replace(/[.+]/g, '\\$&')}`) })
        .waitFor();
    },
  },
  { name: 'bookings', path: () => '/desk/bookings' },
  { name: 'sources', path: () => '/desk/sources' },
  { name: 'numbers', path: () => '/desk/numbers' },
  { name: 'links', path: () => '/desk/links' },
  { name: 'replies', path: () => '/desk/replies' },
  { name: 'content', path: () => '/desk/content' },
  { name: 'content-programs', path: () => '/desk/content/programs' },
  { name: 'content-testimonials', path: () => '/desk/content/testimonials' },
  { name: 'content-episodes', path: () => '/desk/content/episodes' },
  { name: 'health', path: () => '/desk/health' },
];
