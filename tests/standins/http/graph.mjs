// WhatsApp Cloud API stand-in for `wrangler dev` runs (Playwright) and the operator scripts: the rules the
// workerd tests' stand-in uses too (graph-rules.mjs: token, sends, reads, template management); here it
// records what it received and can be told to fail through the control API.
// Control: POST /__control {service: 'graph', errors: [131000, ...]} answers the next sends
// with those codes in order; {failAlways: 190} answers every send with that code;
// {errorsFor: {'+9198…': [190]}} answers the next sends to that number with those codes (merged per number);
// {failContaining: {'text': 131026}} answers every send whose body contains that text with that code;
// {hangContaining: {'text': 1}} answers the next send (or that many) whose body contains that text never: the
// caller's own timeout ends the wait, as when Meta took a message but its answer was lost;
// {readError: 190} answers every read (GET: the phone number, the template list) with that code, sends unaffected;
// {templates: {name: {header, body}}} adds templates (e.g. the quiz one); {tokens: [...]} and
// {expiredTokens: [...]} change which bearer tokens are valid or answer 190 "Session has expired";
// {managed: [{name, language, category, status, components}]} seeds the business account's template list;
// {registered: false, pin: '123456'} makes the number unregistered until POST /{id}/register with that PIN.
// Besides sends it answers GET /{phone number id}, POST /{phone number id}/register and
// GET/POST /{business account id}/message_templates.
import { SENTINELS } from '../sentinels.mjs';
import { registerFetch } from './index.mjs';
import { APPROVED_TEMPLATES, answerGraph, graphError } from '../whatsapp/graph-rules.mjs';
import { answerMedia, mediaLibrary } from '../whatsapp/graph-media.mjs';

// Must match the vars scripts/dev/e2e-server.mjs gives `wrangler dev`.
export const EXPECT = {
  phoneNumberId: '100000000000001',
  businessAccountId: '200000000000002',
  tokens: [SENTINELS.WHATSAPP_TOKEN],
};

registerFetch('graph', async (request, config) => {
  const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
  const hang = Object.entries(config.hangContaining ?? {}).find(([text, left]) => left > 0 && body.includes(text));
  if (hang) {
    config.hangContaining[hang[0]] -= 1;
    await new Promise((resolve) => {
      if (request.signal.aborted) resolve(undefined);
      request.signal.addEventListener('abort', resolve, { once: true });
    });
    return new Response(null, { status: 504 });
  }
  // Media ids and their download urls ({expireUrls: n} through the control API expires the next n urls).
  const url = new URL(request.url);
  config.library ??= mediaLibrary();
  if (config.expireUrls) [config.library.expireUrls, config.expireUrls] = [config.expireUrls, 0];
  const media = await answerMedia(
    {
      method: request.method,
      path: url.pathname.replace(/^\/graph/, ''),
      authorization: request.headers.get('authorization') ?? undefined,
    },
    { ...EXPECT, tokens: config.tokens ?? EXPECT.tokens, expiredTokens: config.expiredTokens },
    config.library,
    `${url.origin}/graph`,
  );
  if (media?.bytes) return new Response(media.bytes, { headers: { 'content-type': media.type } });
  if (media) return Response.json(media.json, { status: media.status });
  const answer = answerGraph(
    {
      method: request.method,
      path: new URL(request.url).pathname.replace(/^\/graph/, ''),
      authorization: request.headers.get('authorization') ?? undefined,
      body,
    },
    {
      ...EXPECT,
      tokens: config.tokens ?? EXPECT.tokens,
      expiredTokens: config.expiredTokens,
      templates: { ...APPROVED_TEMPLATES, ...config.templates },
    },
    // The business account (registered, pin, managed, readError) is kept in the control API's config.
    config,
    (send) => scripted(config, send, body),
  );
  return Response.json(answer.json, { status: answer.status });
});

/** The failure the control API scripted for this send: per recipient, per text, the next in line, or always. */
function scripted(config, send, body) {
  const queue = config.errorsFor?.[send.to];
  if (Array.isArray(queue) && queue.length > 0) return graphError(queue.shift());
  // {failContaining: {'asha@example.com': 131026}} fails every send whose text contains that string (one lead's alerts).
  const code = Object.entries(config.failContaining ?? {}).find(([text]) => body.includes(text))?.[1];
  if (code) return graphError(code);
  if (Array.isArray(config.errors) && config.errors.length > 0) return graphError(config.errors.shift());
  return config.failAlways ? graphError(config.failAlways) : null;
}
