import { SELF } from 'cloudflare:test';

/** The pages a fresh site must render exactly as the code describes them. */
export const SNAPSHOT_PATHS = ['/', '/quiz', '/?recommended=retreats-workshops,talks-keynotes', '/privacy'];

/**
 * A page's HTML with what differs per request or per year replaced by fixed words: the CSP nonce, every
 * random id (forms' submission ids), and the current year.
 */
export async function pageSnapshot(path: string): Promise<string> {
  const html = await (await SELF.fetch(`http://example.com${path}`)).text();
  return html
    .replace(/nonce="[^"]*"/g, 'nonce="NONCE"')
    .replace(/"nonce":"[^"]*"/g, '"nonce":"NONCE"')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'UUID')
    .replaceAll(String(new Date().getFullYear()), 'YEAR');
}
