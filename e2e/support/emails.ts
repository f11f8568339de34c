/**
 * The emails the Worker under test sent, as wrangler's local send_email binding keeps them (it sends none): its
 * local explorer lists them at /cdn-cgi/local/explorer/api/local/email/sending, and `?email_id=` gives one whole.
 */
import { expect } from '@playwright/test';

const EXPLORER = `http://127.0.0.1:${process.env.E2E_PORT || 8788}/cdn-cgi/local/explorer/api/local/email/sending`;

export interface SentEmail {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  text?: string;
  html?: string;
}

interface Answer<T> {
  result: T;
  result_info?: { has_more?: boolean; cursor?: string };
}

async function get<T>(url: string): Promise<Answer<T>> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return (await res.json()) as Answer<T>;
}

/** Every email sent to `address` during this run, whole (text and HTML). */
export async function emailsTo(address: string): Promise<SentEmail[]> {
  const listed: SentEmail[] = [];
  let cursor: string | undefined;
  do {
    const page = await get<SentEmail[]>(
      `${EXPLORER}?per_page=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    listed.push(...page.result);
    cursor = page.result_info?.has_more ? page.result_info.cursor : undefined;
  } while (cursor);
  const mine = listed.filter((e) => e.to.some((to) => to.includes(address)));
  return Promise.all(
    mine.map(async (e) => (await get<SentEmail>(`${EXPLORER}?email_id=${encodeURIComponent(e.messageId)}`)).result),
  );
}

/** Waits until exactly `count` emails were sent to `address`; returns them. */
export async function waitForEmailsTo(address: string, count = 1, timeout = 15_000): Promise<SentEmail[]> {
  let found: SentEmail[] = [];
  await expect(async () => {
    found = await emailsTo(address);
    expect(found).toHaveLength(count);
  }).toPass({ timeout });
  return found;
}
