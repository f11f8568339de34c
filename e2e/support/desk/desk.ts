import type { Page } from '@playwright/test';
import { expect, gotoHydrated } from '../test';

const STANDIN = `http://127.0.0.1:${process.env.STANDIN_PORT || 8790}`;

/** An assertion as Cloudflare Access would add it after the owner signed in (signed by the Access stand-in). */
export async function accessToken(claims: { email?: string; aud?: string; expiresIn?: number } = {}): Promise<string> {
  const res = await fetch(`${STANDIN}/access/__sign`, { method: 'POST', body: JSON.stringify(claims) });
  return ((await res.json()) as { token: string }).token;
}

/** Signs the page's requests in as an owner, as the Access application in front of /desk does. */
export async function signIn(page: Page, email = 'priya@example.com'): Promise<void> {
  await page.setExtraHTTPHeaders({ 'Cf-Access-Jwt-Assertion': await accessToken({ email }) });
}

/**
 * Opens a desk section from the menu, as an owner does: on a phone the "Menu" button first (the sections are behind
 * it), on a wider screen the section's link in the row.
 */
export async function openDeskSection(page: Page, section: string): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'Desk' });
  const button = menu.locator('summary');
  if (await button.isVisible()) await button.click();
  await menu.getByRole('link', { name: section, exact: true }).click();
}

/** No horizontal scrolling: the page is no wider than the viewport. */
export function overflowX(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Sends an enquiry through the site's own form, as a visitor would, from the page at `path` (the home page). */
export async function sendEnquiry(
  page: Page,
  lead: { name: string; phone: string; email: string; description: string },
  path = '/',
) {
  await gotoHydrated(page, path);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start a Conversation' });
  await dialog.getByLabel('Name').fill(lead.name);
  await dialog.getByLabel('Phone').fill(lead.phone);
  await dialog.getByLabel('Email').fill(lead.email);
  await dialog.getByLabel('How can I help?').fill(lead.description);
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'your message is on its way' })).toBeVisible();
}
