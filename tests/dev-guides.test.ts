/**
 * POST /__dev/guides/request (development, loopback only): stores a guide request through the stores as the form
 * would, confirmed with the subscription its link makes and downloaded when asked; a body that is no such request
 * is refused with the field that failed and stores nothing.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../src/index';
import { getGuideStore } from '../src/store/guides/open';
import { getLeadStore } from '../src/store/leads/open';

async function postDev(body: string) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request('http://127.0.0.1:8787/__dev/guides/request', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('POST /__dev/guides/request', () => {
  it('stores a confirmed, downloaded request with its subscription', async () => {
    const email = `Dev-${crypto.randomUUID().slice(0, 8)}@Example.org`;
    const made = await postDev(JSON.stringify({ email, source: 'instagram', confirmed: true, downloads: 2 }));
    expect(made.status).toBe(200);
    const request = await getGuideStore(env).get(String(made.body.id));
    expect(request).toMatchObject({
      email: email.toLowerCase(),
      guide: 'five-minute-reset',
      source: 'instagram',
      subscriptionId: made.body.subscriptionId,
      downloads: 2,
    });
    expect(request?.confirmedAt).toEqual(expect.any(String));
    const subscription = await getLeadStore(env).get('newsletter', String(made.body.subscriptionId));
    expect(subscription).toMatchObject({ email: email.toLowerCase(), attribution: { utm_source: 'instagram' } });
  });

  it('stores an unconfirmed request with no subscription', async () => {
    const email = `dev-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const made = await postDev(JSON.stringify({ email }));
    expect(made.body).toEqual({ ok: true, id: expect.any(String) });
    await expect(getGuideStore(env).get(String(made.body.id))).resolves.toMatchObject({ email, source: '' });
  });

  it('refuses a body that is no request, naming the field, and stores nothing', async () => {
    const bad = await postDev(JSON.stringify({ email: 'not-an-address', downloads: -1 }));
    expect(bad.status).toBe(400);
    expect(String(bad.body.problems)).toContain('email');
    expect(String(bad.body.problems)).toContain('downloads');
    expect((await postDev('{')).status).toBe(400);
    await expect(getGuideStore(env).forEmail('not-an-address')).resolves.toEqual([]);
  });
});
