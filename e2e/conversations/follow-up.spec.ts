import { overflowX, sendEnquiry, signIn } from '../support/desk/desk';
import { uniqueEmail, uniquePhone } from '../support/leads';
import { waitForDeliveries, waitForLeads } from '../support/store';
import { expect, test, keepScreenshot } from '../support/test';
import { messageEvent, postSigned } from '../support/webhook';
import { sentMessages, textsTo } from '../support/whatsapp';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;

/** A visitor's message written `hoursAgo` before now (Meta's timestamp is when they wrote it). */
function writtenAgo(from: string, text: string, profileName: string, hoursAgo: number) {
  const event = messageEvent(from, text, profileName);
  const message = event.entry[0]!.changes[0]!.value.messages![0] as { timestamp: string };
  message.timestamp = String(Math.floor(Date.now() / 1000) - hoursAgo * 3600);
  return event;
}

test.describe('a follow-up once the 24-hour window closed', () => {
  test('the owner sends the follow-up template, the visitor answers, and the reply box returns', async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('follow-up');
    const phone = uniquePhone();
    const name = `Kavya ${info.project.name === 'phone' ? 'Phone' : 'Desktop'} Rao`;
    await sendEnquiry(page, { name, phone: phone.typed, email, description: 'Coaching for a new team lead' });
    const [lead] = await waitForLeads<{ id: string }>('enquiries', email);
    const leadPath = `/desk/leads/enquiry/${lead!.id}`;

    // They wrote 25 hours ago: the window to answer freely has closed.
    const old = writtenAgo(phone.e164, 'Can we talk next week?', 'Kavya', 25);
    expect((await postSigned(BASE, old)).status).toBe(200);

    await signIn(page);
    await page.goto(leadPath);
    const chat = page.getByRole('region', { name: 'WhatsApp conversation' });
    await expect(chat.getByText('The 24-hour window closed')).toBeVisible();
    await expect(chat.getByLabel('Answer on WhatsApp')).toHaveCount(0);
    await expect(chat.getByText('Hello Kavya, this is Priya from Priya Raman.')).toBeVisible();
    expect(await overflowX(page), 'no horizontal scrolling with the follow-up').toBeLessThanOrEqual(0);
    const followUpId = await chat.locator('input[name="followUpId"]').inputValue();
    await chat.getByRole('button', { name: 'Send a follow-up' }).click();
    await expect(page).toHaveURL(new RegExp(`${leadPath}\\?sent=follow-up$`));
    await expect(page.getByText('Follow-up sent. When they answer, the reply box returns.')).toBeVisible();

    // Through the queue and the ledger, once: the stand-in received the approved template.
    await waitForDeliveries(`follow-up:${followUpId}`, (rows) => rows[0]?.status === 'sent');
    const templates = (await sentMessages()).filter((m) => m.template === 'follow_up' && m.to === phone.e164);
    expect(templates.map((m) => m.body)).toEqual([['Kavya', 'Priya from Priya Raman', 'your enquiry']]);
    await page.reload();
    await expect(chat.getByRole('listitem').filter({ hasText: 'We are following up on your enquiry' })).toContainText(
      'Follow-up sent by priya@example.com',
    );
    // No second follow-up within 7 days while they have not answered.
    await expect(chat.getByText('a follow-up went to this number in the last 7 days')).toBeVisible();
    await keepScreenshot(page, { path: info.outputPath(`follow-up-sent-${info.project.name}.png`), fullPage: true });

    // They answer: the window is open again and the reply box returns.
    expect((await postSigned(BASE, messageEvent(phone.e164, 'Yes please, Tuesday?', 'Kavya'))).status).toBe(200);
    await page.goto(leadPath);
    await expect(chat.getByRole('listitem').filter({ hasText: 'Yes please, Tuesday?' })).toBeVisible();
    await expect(chat.getByRole('button', { name: 'Send a follow-up' })).toHaveCount(0);
    await chat.getByLabel('Answer on WhatsApp').fill('Tuesday at 11 works. Talk then!');
    await chat.getByRole('button', { name: 'Send answer' }).click();
    // The page comes back at the form, which says the answer was sent.
    await expect(page).toHaveURL(new RegExp(`${leadPath}\\?answer=[0-9a-f-]{36}#reply$`));
    await expect(page.locator('#reply .desk-reply-sent')).toContainText('Sent');
    await expect(async () => expect(await textsTo(phone.e164)).toEqual(['Tuesday at 11 works. Talk then!'])).toPass({
      timeout: 15_000,
    });
    expect(await overflowX(page), 'no horizontal scrolling on the conversation').toBeLessThanOrEqual(0);
  });
});
