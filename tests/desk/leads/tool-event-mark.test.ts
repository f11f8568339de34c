/**
 * A subscriber's desk page shows what the newsletter tool last reported of the address (issue 59): the event, where
 * and when in India time, and whether it stops the site's result emails and guides.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../../src/env';
import { subscriptionState } from '../../../src/newsletter/state';
import { getLeadStore } from '../../../src/store/leads/open';
import { newsletterLead } from '../../fixtures/leads';
import { callWorker } from '../../support/api';
import {
  KIT_WEBHOOK_TEST_SECRET,
  MAILCHIMP_WEBHOOK_TEST_SECRET,
  kitDelivery,
  kitEvent,
  kitRequest,
  mailchimpForm,
  mailchimpRequest,
} from '../../standins/newsletter/tool-webhooks.mjs';

const hooksEnv = {
  ...env,
  KIT_WEBHOOK_SECRET: KIT_WEBHOOK_TEST_SECRET,
  MAILCHIMP_WEBHOOK_SECRET: MAILCHIMP_WEBHOOK_TEST_SECRET,
} as Env;

async function subscriber(createdAt: string) {
  const lead = newsletterLead({ email: `reader-${crypto.randomUUID().slice(0, 8)}@example.com`, createdAt });
  await getLeadStore(env).save(lead);
  return lead;
}

const page = async (id: string) => (await callWorker(hooksEnv, `/desk/leads/newsletter/${id}`)).text();
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');

describe("the subscriber's desk page", () => {
  it('says "Unsubscribed at Kit" with when, and that the site sends that address nothing', async () => {
    const lead = await subscriber('2026-11-01T00:00:00.000Z');
    expect(text(await page(lead.id))).not.toContain('at Kit');
    const raw = kitDelivery([kitEvent({ email: lead.email, created: '2026-11-29T04:34:00Z' })]);
    expect((await callWorker(hooksEnv, '/webhooks/kit', await kitRequest(raw))).status).toBe(200);

    const html = await page(lead.id);
    expect(html).toMatch(/<span class="desk-status desk-status-closed">Unsubscribed at Kit<\/span>/);
    const shown = text(html);
    expect(shown).toContain('Unsubscribed at Kit on 29 Nov 2026, 10:04 am.');
    expect(shown).toContain('The site sends this address no quiz result email and no guide until they subscribe again');
    // One state shown, the one that counts: not "Subscribed" beside it. The site's own record is unchanged.
    expect(shown).not.toContain('Subscribed. They can leave at any time');
    expect(html).not.toMatch(/<span class="desk-status[^"]*">Subscribed<\/span>/);
    const state = await subscriptionState(env, (await getLeadStore(env).get('newsletter', lead.id))!);
    expect(state).toMatchObject({
      subscribed: true,
      toolEvent: { tool: 'kit', kind: 'unsubscribed', occurredAt: '2026-11-29T04:34:00.000Z', stops: true },
    });
  });

  it('an event older than the sign-up is shown as such: the site writes to them again', async () => {
    const lead = await subscriber('2026-11-29T06:00:00.000Z');
    const body = mailchimpForm({
      type: 'cleaned',
      email: lead.email,
      reason: 'hard',
      firedAt: new Date('2026-11-20T10:00:00Z'),
    });
    const path = `/webhooks/mailchimp/${MAILCHIMP_WEBHOOK_TEST_SECRET}`;
    expect((await callWorker(hooksEnv, path, mailchimpRequest(body))).status).toBe(200);
    const shown = text(await page(lead.id));
    expect(shown).toContain('Bounced at Mailchimp on 20 Nov 2026, 3:30 pm');
    expect(shown).toContain('They have subscribed again on the site since');
    expect(shown).not.toContain('no quiz result email and no guide');
    expect(shown).toContain('Subscribed. They can leave at any time');
  });
});
