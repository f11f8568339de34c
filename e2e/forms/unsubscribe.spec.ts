import type { Page } from '@playwright/test';
import { signIn } from '../support/desk/desk';
import { expectFailedResource, uniqueEmail } from '../support/leads';
import { standinState } from '../support/standins';
import { waitForLeads } from '../support/store';
import { expect, gotoHydrated, keepScreenshot, test } from '../support/test';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;

/** Subscribes through the landing page's form, as a visitor does; the stored subscription's id. */
async function subscribe(page: Page, email: string): Promise<string> {
  await gotoHydrated(page, '/', 'NewsletterForm');
  const section = page.locator('#newsletter');
  await section.getByRole('textbox', { name: 'Email address' }).fill(email);
  await section.getByRole('button', { name: 'Subscribe' }).click();
  await expect(section.getByRole('status')).toContainText('You are subscribed');
  const [row] = await waitForLeads<{ id: string }>('news_letter', email);
  return row!.id;
}

/** What the Kit stand-in received for one address: each call's path, in order. */
async function kitCalls(email: string): Promise<string[]> {
  const received = (await standinState()).received.kit ?? [];
  return received.filter((r) => r.body.includes(email)).map((r) => `${r.method} ${r.path}`);
}

/** The delivery ledger's newsletter rows of one subscription. */
async function toolRows(id: string): Promise<{ template: string; status: string }[]> {
  const res = await fetch(`${BASE}/__dev/deliveries?submission=${encodeURIComponent(id)}`);
  const { deliveries } = (await res.json()) as { deliveries: { template: string; status: string; audience: string }[] };
  return deliveries.filter((d) => d.audience === 'newsletter').map(({ template, status }) => ({ template, status }));
}

test.describe('unsubscribe and the newsletter tool', () => {
  test('a signup reaches the Kit stand-in exactly once: created, then added to the form', async ({ page }) => {
    const email = uniqueEmail('kit-once');
    const id = await subscribe(page, email);
    await expect
      .poll(() => toolRows(id), { timeout: 15_000 })
      .toEqual([{ template: 'newsletter_subscribe', status: 'sent' }]);
    expect(await kitCalls(email)).toEqual(['POST /kit/v4/subscribers', 'POST /kit/v4/forms/1234567/subscribers']);
  });

  test('a visitor unsubscribes from the link an owner copies from the desk; replaying it changes nothing @both', async ({
    page,
    problems,
  }, info) => {
    test.setTimeout(60_000);
    const shot = (name: string) =>
      keepScreenshot(page, { path: info.outputPath(`${name}-${info.project.name}.png`), fullPage: true });
    const email = uniqueEmail('unsub');
    const id = await subscribe(page, email);
    await expect
      .poll(() => toolRows(id), { timeout: 15_000 })
      .toEqual([{ template: 'newsletter_subscribe', status: 'sent' }]);

    // The owner finds the subscriber on the desk and copies their link.
    await signIn(page);
    await page.goto(`/desk/leads/newsletter/${id}`);
    const card = page.getByRole('region', { name: 'Newsletter' });
    await expect(card.getByText('Subscribed', { exact: true })).toBeVisible();
    const link = await card.getByRole('textbox', { name: 'Unsubscribe link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${BASE}/unsubscribe\\?t=${id}\\.[A-Za-z0-9_-]{43}$`));
    expect(link).not.toContain(email.split('@')[0]!);
    await shot('desk-subscriber');

    // The visitor opens it (no Access assertion: a stranger to the desk).
    await page.setExtraHTTPHeaders({});
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Stop the newsletter?' })).toBeVisible();
    await shot('unsubscribe-confirm');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toContainText('No more letters will come to you');
    await shot('unsubscribe-done');

    // The unsubscribe is sent on to Kit, once; opening the link again shows the same answer and sends nothing.
    await expect
      .poll(() => toolRows(id), { timeout: 15_000 })
      .toEqual([
        { template: 'newsletter_subscribe', status: 'sent' },
        { template: 'newsletter_unsubscribe', status: 'sent' },
      ]);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
    expect(await toolRows(id)).toHaveLength(2);

    // The desk shows it.
    await signIn(page);
    await page.goto(`/desk/leads/newsletter/${id}`);
    await expect(
      page.getByRole('region', { name: 'Newsletter' }).getByText('Unsubscribed', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Unsubscribe sent on')).toBeVisible();
    await shot('desk-unsubscribed');

    // A link that is not the site's gets a clear page and changes nothing.
    await page.setExtraHTTPHeaders({});
    // The signature's first character: the last one of a base64url text may carry only padding bits, which a
    // decoder ignores, so changing it need not change the signature.
    const forged = link.replace(/(\?t=[^.]+\.)(.)/, (_, head: string, c: string) => `${head}${c === 'A' ? 'B' : 'A'}`);
    const res = await page.goto(forged);
    expect(res?.status()).toBe(400);
    await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
    await expectFailedResource(problems, 400);
    await shot('unsubscribe-invalid');
  });
});
