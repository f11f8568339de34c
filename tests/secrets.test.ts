/** Issue 6, secrets: with every secret set to a sentinel, no rendered page or API answer contains one. */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../src/index';
import { publicEnv, type Env } from '../src/env';
import { SENTINELS, sentinelNeedles } from '../scripts/sentinels.mjs';

const sentinelEnv: Env = {
  ...env,
  ...SENTINELS,
  FIRESTORE_PROJECT_ID: 'sentinel-project',
  WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
  TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
};

async function fetchText(path: string, init?: RequestInit): Promise<string> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`https://site.test${path}`, init), sentinelEnv, ctx);
  await waitOnExecutionContext(ctx);
  return (await res.text()) + JSON.stringify([...res.headers]);
}

describe('secrets stay on the server', () => {
  it('the browser whitelist passes only the Turnstile site key', () => {
    expect(publicEnv(sentinelEnv)).toEqual({ turnstileSiteKey: '1x00000000000000000000AA' });
  });

  it.each(['/', '/quiz', '/anything/else', '/api/nope'])('%s contains no secret', async (path) => {
    const text = await fetchText(path);
    expect(text.length).toBeGreaterThan(50);
    for (const needle of sentinelNeedles()) expect(text, needle).not.toContain(needle);
  });

  it('a rejected submission echoes no secret', async () => {
    const text = await fetchText('/api/enquiry', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.18.0.1' },
      body: JSON.stringify({ name: '', phone: SENTINELS.OWNER_PHONES, email: 'x' }),
    });
    expect(text).toContain('"ok":false');
    for (const needle of [SENTINELS.WHATSAPP_TOKEN, SENTINELS.FIRESTORE_PRIVATE_KEY, SENTINELS.TURNSTILE_SECRET_KEY]) {
      expect(text).not.toContain(needle);
    }
  });
});
