import type { Page } from '@playwright/test';
import { overflowX, sendEnquiry, signIn } from '../support/desk/desk';
import { uniqueEmail, uniquePhone } from '../support/leads';
import { configureStandin, standinState } from '../support/standins';
import { waitForDeliveries, waitForLeads } from '../support/store';
import { axe, summarize } from '../support/axe';
import { expect, test, keepScreenshot } from '../support/test';
import { messageEvent, postSigned, statusEvent } from '../support/webhook';
import { OWNERS, sentMessages } from '../support/whatsapp';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;

/** The wamid of the one message in a messageEvent. */
const messageIdOf = (event: ReturnType<typeof messageEvent>) =>
  (event.entry[0]!.changes[0]!.value.messages![0] as { id: string }).id;

/** A conversation's own page: at its opaque id, with no wamid and no run of the number's digits in the address. */
function expectOpaqueAddress(url: string, e164: string, wamid: string): void {
  expect(new URL(url).pathname).toMatch(/^\/desk\/conversations\/[0-9a-f]{32}$/);
  expect(url).not.toContain(wamid);
  expect(url).not.toContain(encodeURIComponent(wamid));
  for (const digits of [e164.slice(1), e164.slice(3), e164.slice(-6)]) expect(url).not.toContain(digits);
}

/** axe (WCAG 2.x A and AA) over the conversation's part of the page: no violations. */
async function expectAccessible(page: Page, selector: string): Promise<void> {
  const { violations } = await axe(page, { bestPractice: false }).include(selector).analyze();
  expect(summarize(violations)).toEqual([]);
}

test.describe('a visitor answers on WhatsApp and an owner answers from the desk', () => {
  test('the reply is marked unread, the owner opens the conversation, answers, and sees the answer delivered', async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('conversation');
    const phone = uniquePhone();
    const name = `Nila ${info.project.name === 'phone' ? 'Phone' : 'Desktop'} Menon`;
    await sendEnquiry(page, { name, phone: phone.typed, email, description: 'A workshop for our school' });
    const [lead] = await waitForLeads<{ id: string }>('enquiries', email);
    const leadPath = `/desk/leads/enquiry/${lead!.id}`;

    // The visitor writes back to the business number: Meta posts it, signed with the app secret.
    const res = await postSigned(BASE, messageEvent(phone.e164, 'Tuesday works for us. Morning or afternoon?', 'Nila'));
    expect(res.status).toBe(200);
    // Both owners are told, with the lead's name, the words and the desk link.
    await expect(async () => {
      const alerts = (await sentMessages()).filter((m) => m.template === 'visitor_reply' && m.body[1] === name);
      expect(alerts.map((m) => m.to).sort()).toEqual([...OWNERS].sort());
      expect(alerts[0]!.body.slice(2)).toEqual(['Tuesday works for us. Morning or afternoon?', `${BASE}${leadPath}`]);
    }).toPass({ timeout: 15_000 });

    await signIn(page);
    await page.goto('/desk');
    const unread = page.getByRole('region', { name: 'Unread replies' });
    const entry = unread.getByRole('link').filter({ hasText: name });
    await expect(entry).toContainText('1 unread reply');
    await expect(page.getByRole('list').last().getByRole('link').filter({ hasText: name })).toContainText(
      '1 unread reply',
    );

    await keepScreenshot(page, { path: info.outputPath(`inbox-unread-${info.project.name}.png`) });
    await expectAccessible(page, '.desk-unread-replies');

    await entry.click();
    await expect(page).toHaveURL(new RegExp(`${leadPath}$`));
    const chat = page.getByRole('region', { name: 'WhatsApp conversation' });
    const theirs = chat.getByRole('listitem').filter({ hasText: 'Tuesday works for us' });
    await expect(theirs).toContainText('New');
    await expect(chat.getByRole('listitem').filter({ hasText: 'We have received your enquiry' })).toBeVisible();

    const replyId = await chat.locator('input[name="replyId"]').inputValue();
    await expectAccessible(page, '.desk-conversation');
    await chat.getByLabel('Answer on WhatsApp').fill('Tuesday at 10 am it is. See you then!');
    await chat.getByRole('button', { name: 'Send answer' }).click();
    // The page comes back at the form, which says the answer was sent.
    await expect(page).toHaveURL(new RegExp(`${leadPath}\\?answer=${replyId}#reply$`));
    await expect(page.locator('#reply .desk-reply-sent')).toContainText('Sent');

    // Sent through the queue and the ledger, once; Meta then reports it delivered.
    const [row] = await waitForDeliveries(`desk-reply:${replyId}`, (rows) => rows[0]?.status === 'sent');
    expect(row!.provider_message_id).toMatch(/^wamid\./);
    // Every request the Graph stand-in received, as JSON (reads have no body).
    const texts = (await standinState()).received.graph!.flatMap((r) => {
      try {
        return [JSON.parse(r.body) as { type?: string; to?: string }];
      } catch {
        return [];
      }
    });
    expect(texts.filter((b) => b.type === 'text' && b.to === phone.e164)).toHaveLength(1);
    expect((await postSigned(BASE, statusEvent(row!.provider_message_id!, 'delivered', phone.e164))).status).toBe(200);

    await page.reload();
    const ours = chat.getByRole('listitem').filter({ hasText: 'Tuesday at 10 am it is' });
    await expect(ours).toContainText('Answered by priya@example.com');
    await expect(ours).toContainText('Delivered');
    // Opened once, the visitor's message is no longer new.
    await expect(theirs).not.toContainText('New');
    expect(await overflowX(page), 'no horizontal scrolling on the conversation').toBeLessThanOrEqual(0);
    await chat.scrollIntoViewIfNeeded();
    await keepScreenshot(page, { path: info.outputPath(`conversation-${info.project.name}.png`), fullPage: true });

    // The latest conversations list it too.
    await page.goto('/desk/conversations');
    await expect(page.getByRole('link').filter({ hasText: name })).toContainText('Tuesday works for us');
    expect(await overflowX(page), 'no horizontal scrolling on the conversations').toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: info.outputPath(`conversations-${info.project.name}.png`), fullPage: true });
  });

  test('someone no lead has writes; an owner answers them from their conversation on the desk', async ({
    page,
  }, info) => {
    const phone = uniquePhone();
    const profile = `Stranger ${info.project.name}`;
    const event = messageEvent(phone.e164, 'Do you run retreats in Goa?', profile);
    expect((await postSigned(BASE, event)).status).toBe(200);

    await signIn(page);
    await page.goto('/desk/conversations');
    await page.getByRole('link').filter({ hasText: profile }).click();
    await expect(page.getByRole('heading', { level: 1, name: profile })).toBeVisible();
    // Opened by the conversation's opaque id: neither the number nor a message's id (which embeds it) is in the address.
    expectOpaqueAddress(page.url(), phone.e164, messageIdOf(event));
    await expect(page.getByText('No lead has this number')).toBeVisible();
    const chat = page.getByRole('region', { name: 'WhatsApp conversation' });
    const replyId = await chat.locator('input[name="replyId"]').inputValue();
    await chat.getByLabel('Answer on WhatsApp').fill('We do, every March. Shall I send the dates?');
    await chat.getByRole('button', { name: 'Send answer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: profile })).toBeVisible();

    const [row] = await waitForDeliveries(`desk-reply:${replyId}`, (rows) => rows[0]?.status === 'sent');
    expect(row!.recipient).toBe(phone.e164);
    await page.reload();
    await expect(chat.getByRole('listitem').filter({ hasText: 'We do, every March' })).toContainText(
      'Answered by priya@example.com',
    );
    await expectAccessible(page, '.desk-conversation');
    expect(await overflowX(page), 'no horizontal scrolling on the conversation').toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: info.outputPath(`stranger-${info.project.name}.png`), fullPage: true });
  });

  test('an answer whose send timed out is shown as maybe not sent, and the owner sends it again', async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    const phone = uniquePhone();
    const profile = `Unsure ${info.project.name}`;
    const event = messageEvent(phone.e164, 'Are you open on Sunday?', profile);
    expect((await postSigned(BASE, event)).status).toBe(200);
    const answer = `Yes, from 9 am (${crypto.randomUUID().slice(0, 8)})`;
    // WhatsApp never answers the first send of this text: the Worker's own timeout ends the wait.
    await configureStandin('graph', { hangContaining: { [answer]: 1 } });

    await signIn(page);
    await page.goto('/desk/conversations');
    await page.getByRole('link').filter({ hasText: profile }).click();
    await expect(page.getByRole('heading', { level: 1, name: profile })).toBeVisible();
    expectOpaqueAddress(page.url(), phone.e164, messageIdOf(event));
    const address = page.url();
    const chat = page.getByRole('region', { name: 'WhatsApp conversation' });
    const replyId = await chat.locator('input[name="replyId"]').inputValue();
    await chat.getByLabel('Answer on WhatsApp').fill(answer);
    await chat.getByRole('button', { name: 'Send answer' }).click();

    // Recorded unknown, and not tried again by itself.
    await waitForDeliveries(`desk-reply:${replyId}`, (rows) => rows[0]?.status === 'unknown', 30_000);
    await page.reload();
    const ours = chat.getByRole('listitem').filter({ hasText: answer });
    await expect(ours).toContainText('May not have been sent');
    await expectAccessible(page, '.desk-conversation');
    expect(await overflowX(page), 'no horizontal scrolling on the conversation').toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: info.outputPath(`unknown-${info.project.name}.png`), fullPage: true });
    const sends = async () =>
      (await standinState()).received.graph!.filter((r) => r.body.includes(answer) && r.path.endsWith('/messages'));
    expect(await sends()).toHaveLength(1);

    await ours.getByRole('button', { name: 'Send again' }).click();
    expect(page.url()).toBe(address);
    const [row] = await waitForDeliveries(`desk-reply:${replyId}`, (rows) => rows[0]?.status === 'sent');
    expect(row!.recipient).toBe(phone.e164);
    expect(await sends()).toHaveLength(2);
    await page.reload();
    await expect(ours).toContainText('Answered by priya@example.com');
    await expect(ours).not.toContainText('May not have been sent');
  });
});
