/**
 * An owner starts a client's engagement from the lead page @both: the lead is marked a client, the "Client" card
 * starts a six-session engagement, the client gets their page's link (the client_page template, outside WhatsApp's
 * window, and an email), the owner sends a fresh link (a new one reaches the client) and revokes it; /desk/clients
 * lists the client. Nothing runs past the right edge on a phone. With E2E_SCREENSHOTS=1 it keeps the lead page's
 * card and /desk/clients (in E2E_SHOTS_DIR when set).
 */
import { deskClients } from '../../src/words/clients/desk-clients';
import { signIn, openDeskSection } from '../support/desk/desk';
import { elementsPastRightEdge } from '../support/overflow';
import { emailsTo } from '../support/emails';
import { postLead, uniqueEmail, uniquePhone } from '../support/leads';
import { waitForLeads } from '../support/store';
import { expect, keepScreenshot, shotPath, test } from '../support/test';
import { sentMessages } from '../support/whatsapp';

const card = deskClients.card;

/** The date `days` from now in India, YYYY-MM-DD (what the form's date field takes). */
const indiaDayIn = (days: number) => new Date(Date.now() + days * 86_400_000 + 330 * 60_000).toISOString().slice(0, 10);

/** The links to the client's page the Graph stand-in was asked to send to `to` (E.164 without the plus, or with). */
async function pageLinks(to: string): Promise<string[]> {
  return (await sentMessages())
    .filter((m) => m.template === 'client_page' && to.endsWith(m.to.replace(/^\+/, '')))
    .map((m) => m.body[2] ?? '');
}

test.describe('a client’s engagement on the desk @both', () => {
  test('an owner starts a six-session engagement, sends a fresh link and revokes it; /desk/clients shows the client', async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    const shot = (name: string, target: Parameters<typeof keepScreenshot>[0] = page) =>
      keepScreenshot(target, { path: shotPath(info, name), fullPage: target === page });
    const email = uniqueEmail('client');
    const phone = uniquePhone();
    const name = `Meera Iyer ${info.project.name}`;
    await postLead(page, 'enquiry', { name, email, phone: phone.typed, description: 'Six sessions of coaching' });
    const [lead] = await waitForLeads<{ id: string }>('enquiries', email);

    await signIn(page);
    await page.goto(`/desk/leads/enquiry/${lead!.id}`);
    const client = page.locator('section.desk-client');
    await expect(client.getByText(card.onlyClients)).toBeVisible();
    await page.getByRole('button', { name: 'Client', exact: true }).click();

    // The owner starts six sessions, valid for three months.
    await client.getByLabel(card.sessions).fill('6');
    await client.getByLabel(card.validUntil).fill(indiaDayIn(90));
    await client.getByRole('button', { name: card.submit }).click();
    await expect(page).toHaveURL(/\?client=started#client$/);
    await expect(client.getByText(card.started)).toBeVisible();
    const block = client.locator('article.desk-engagement');
    await expect(block).toHaveCount(1);
    await expect(block.getByText(card.used(0, 6, 6))).toBeVisible();
    await expect(block.getByText(/^Live until /)).toBeVisible();
    expect(await elementsPastRightEdge(page)).toEqual([]);
    await shot('client-card', client);

    // The client gets the link once on WhatsApp (the template: they never wrote) and once by email.
    await expect.poll(() => pageLinks(phone.e164), { timeout: 20_000 }).toHaveLength(1);
    const [first] = await pageLinks(phone.e164);
    expect(first).toMatch(/\/c\/[A-Za-z0-9_-]{22}$/);
    await expect.poll(async () => (await emailsTo(email)).filter((m) => m.text?.includes(first!)).length).toBe(1);

    // A fresh link: a new one reaches the client.
    await block.getByRole('button', { name: card.fresh }).click();
    await expect(client.getByText(card.sent)).toBeVisible();
    await expect.poll(() => pageLinks(phone.e164), { timeout: 20_000 }).toHaveLength(2);
    const links = await pageLinks(phone.e164);
    expect(new Set(links).size).toBe(2);

    // Revoked: the card says so and offers no revoke any more.
    await block.getByRole('button', { name: card.revoke }).click();
    await expect(client.getByText(card.revoked)).toBeVisible();
    await expect(block.getByText(/^Revoked on /)).toBeVisible();
    await expect(block.getByRole('button', { name: card.revoke })).toHaveCount(0);

    // /desk/clients, from the menu, lists the client with their sessions left and links to the lead page.
    await openDeskSection(page, deskClients.nav);
    await expect(page.getByRole('heading', { name: deskClients.list.heading })).toBeVisible();
    const row = page.locator('li.desk-client-row').filter({ hasText: name });
    await expect(row.getByRole('link', { name })).toHaveAttribute('href', `/desk/leads/enquiry/${lead!.id}`);
    await expect(row.getByText(deskClients.list.leftOf(6, 6), { exact: true })).toBeVisible();
    expect(await elementsPastRightEdge(page)).toEqual([]);
    await shot('desk-clients');
  });
});
