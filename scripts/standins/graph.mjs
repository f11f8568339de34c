// WhatsApp Cloud API stand-in for `wrangler dev` runs (Playwright): strict about the
// request (shared rules in graph-rules.mjs), records what it received, can be told to fail.
// Control: POST /__control {service: 'graph', errors: [131000, ...]} answers the next sends
// with those codes in order; {failAlways: 190} answers every send with that code;
// {errorsFor: {'+9198…': [190]}} answers the next sends to that number with those codes (merged per number);
// {templates: {name: {header, body}}} adds templates (e.g. the quiz one); {tokens: [...]} and
// {expiredTokens: [...]} change which bearer tokens are valid or answer 190 "Session has expired".
import { SENTINELS } from '../sentinels.mjs';
import { register } from './index.mjs';
import { APPROVED_TEMPLATES, checkSend, graphError, graphSuccess } from './graph-rules.mjs';

// Must match the vars scripts/e2e-server.mjs gives `wrangler dev`.
const EXPECT = { phoneNumberId: '100000000000001', tokens: [SENTINELS.WHATSAPP_TOKEN] };

register('graph', ({ req, body, url, config }) => {
  const answer =
    checkSend(
      {
        method: req.method ?? '',
        path: url.pathname.replace(/^\/graph/, ''),
        authorization: req.headers.authorization,
        body,
      },
      {
        ...EXPECT,
        tokens: config.tokens ?? EXPECT.tokens,
        expiredTokens: config.expiredTokens,
        templates: { ...APPROVED_TEMPLATES, ...config.templates },
      },
    ) ??
    recipientError(config, body) ??
    (Array.isArray(config.errors) && config.errors.length > 0 ? graphError(config.errors.shift()) : null) ??
    (config.failAlways ? graphError(config.failAlways) : graphSuccess(JSON.parse(body).to));
  return { status: answer.status, body: JSON.stringify(answer.json) };
});

function recipientError(config, body) {
  const queue = config.errorsFor?.[JSON.parse(body).to];
  return Array.isArray(queue) && queue.length > 0 ? graphError(queue.shift()) : null;
}
