// Cloudflare Access stand-in for `wrangler dev` runs (Playwright), by the rules the workerd tests' stand-in uses
// too (access-rules.mjs): publishes the team's signing key at /access/cdn-cgi/access/certs and, for tests only,
// signs assertions as Access would after a sign-in: POST /access/__sign {email?, aud?, expiresIn?} answers
// {token}. The team domain the Worker is given is http://127.0.0.1:STANDIN_PORT/access (http is accepted only
// with ENVIRONMENT=development).
import { claims, createAccessTeam, makeAccessKey, sign } from '../access-rules.mjs';
import { registerFetch } from './index.mjs';

export const ACCESS_AUD = 'e2e-desk-application-aud';

const key = await makeAccessKey('standin-kid-1');
const team = createAccessTeam(() => [key]);

registerFetch('access', async (request) => {
  const url = new URL(request.url);
  const path = url.pathname.replace(/^\/access/, '');
  if (request.method === 'POST' && path === '/__sign') {
    const { email, aud = ACCESS_AUD, expiresIn = 3600 } = JSON.parse((await request.text()) || '{}');
    const now = Date.now();
    const payload = claims(
      { domain: `${url.origin}/access`, aud },
      { ...(email === undefined ? {} : { email }), exp: Math.floor(now / 1000) + expiresIn },
      now,
    );
    return Response.json({ token: await sign(key, payload) });
  }
  return team.handle(request, path);
});
