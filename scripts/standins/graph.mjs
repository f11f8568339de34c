// WhatsApp Cloud API stand-in for `wrangler dev` runs (Playwright) and the operator scripts: strict about
// the request (shared rules in graph-rules.mjs), records what it received, can be told to fail.
// Control: POST /__control {service: 'graph', errors: [131000, ...]} answers the next sends
// with those codes in order; {failAlways: 190} answers every send with that code;
// {errorsFor: {'+9198…': [190]}} answers the next sends to that number with those codes (merged per number);
// {failContaining: {'text': 131026}} answers every send whose body contains that text with that code;
// {readError: 190} answers every read (GET: the phone number, the template list) with that code, sends unaffected;
// {templates: {name: {header, body}}} adds templates (e.g. the quiz one); {tokens: [...]} and
// {expiredTokens: [...]} change which bearer tokens are valid or answer 190 "Session has expired";
// {managed: [{name, language, category, status, components}]} seeds the business account's template list;
// {registered: false, pin: '123456'} makes the number unregistered until POST /{id}/register with that PIN.
// Besides sends it answers GET /{phone number id}, POST /{phone number id}/register and
// GET/POST /{business account id}/message_templates.
import { SENTINELS } from '../sentinels.mjs';
import { register } from './index.mjs';
import { APPROVED_TEMPLATES, checkSend, checkTemplateCreation, graphError, graphSuccess } from './graph-rules.mjs';

// Must match the vars scripts/e2e-server.mjs gives `wrangler dev`.
export const EXPECT = {
  phoneNumberId: '100000000000001',
  businessAccountId: '200000000000002',
  tokens: [SENTINELS.WHATSAPP_TOKEN],
};

let templateIds = 0;

register('graph', ({ req, body, url, config }) => {
  const path = url.pathname.replace(/^\/graph/, '');
  const tokens = config.tokens ?? EXPECT.tokens;
  const parts = path.split('/').filter(Boolean);
  if (req.method === 'GET' || parts[2] === 'message_templates' || parts[2] === 'register') {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const answer =
      (req.method === 'GET' && config.readError) || (token && (config.expiredTokens ?? []).includes(token))
        ? graphError(req.method === 'GET' && config.readError ? config.readError : 190)
        : !token || !tokens.includes(token)
          ? graphError(190, undefined, 'Invalid OAuth access token - Cannot parse access token')
          : manage(req.method, parts, body, config);
    return { status: answer.status, body: JSON.stringify(answer.json) };
  }
  const answer =
    checkSend(
      { method: req.method ?? '', path, authorization: req.headers.authorization, body },
      {
        ...EXPECT,
        tokens,
        expiredTokens: config.expiredTokens,
        templates: { ...APPROVED_TEMPLATES, ...config.templates },
      },
    ) ??
    recipientError(config, body) ??
    textError(config, body) ??
    (Array.isArray(config.errors) && config.errors.length > 0 ? graphError(config.errors.shift()) : null) ??
    (config.failAlways ? graphError(config.failAlways) : graphSuccess(JSON.parse(body).to));
  return { status: answer.status, body: JSON.stringify(answer.json) };
});

/** {failContaining: {'asha@example.com': 131026}} fails every send whose text contains that string (one lead's alerts). */
function textError(config, body) {
  const code = Object.entries(config.failContaining ?? {}).find(([text]) => body.includes(text))?.[1];
  return code ? graphError(code) : null;
}

function recipientError(config, body) {
  const queue = config.errorsFor?.[JSON.parse(body).to];
  return Array.isArray(queue) && queue.length > 0 ? graphError(queue.shift()) : null;
}

/** The phone number and the business account's template list (what preflight and whatsapp:templates call). */
function manage(method, parts, body, config) {
  if (parts[0] !== 'v22.0') return graphError(100, `Unknown version ${parts[0]}`);
  if (method === 'GET' && parts.length === 2 && parts[1] === EXPECT.phoneNumberId) {
    return {
      status: 200,
      json: {
        id: EXPECT.phoneNumberId,
        display_phone_number: '+91 98000 00000',
        verified_name: 'Priya Raman',
        quality_rating: 'GREEN',
        ...(config.registered === false
          ? { platform_type: 'NOT_APPLICABLE', status: 'PENDING' }
          : { platform_type: 'CLOUD_API', status: 'CONNECTED' }),
      },
    };
  }
  if (parts.length === 3 && parts[1] === EXPECT.phoneNumberId && parts[2] === 'register') {
    if (method !== 'POST') return graphError(100, 'Unsupported method');
    let request;
    try {
      request = JSON.parse(body);
    } catch {
      return graphError(100, 'Request body is not JSON');
    }
    if (request.messaging_product !== 'whatsapp')
      return graphError(100, undefined, 'messaging_product must be whatsapp');
    if (typeof request.pin !== 'string' || !/^\d{6}$/.test(request.pin))
      return graphError(100, undefined, 'pin must be 6 digits');
    if (config.pin && request.pin !== config.pin)
      return graphError(133005, undefined, 'Two step verification PIN Mismatch');
    config.registered = true;
    return { status: 200, json: { success: true } };
  }
  if (parts.length !== 3 || parts[1] !== EXPECT.businessAccountId || parts[2] !== 'message_templates') {
    return graphError(100, `Object with ID '${parts[1]}' does not exist`);
  }
  config.managed ??= [];
  if (method === 'GET') return { status: 200, json: { data: config.managed, paging: {} } };
  if (method !== 'POST') return graphError(100, 'Unsupported method');
  let request;
  try {
    request = JSON.parse(body);
  } catch {
    return graphError(100, 'Request body is not JSON');
  }
  const refused = checkTemplateCreation(request);
  if (refused) return refused;
  if (config.managed.some((t) => t.name === request.name && t.language === request.language)) {
    return graphError(100, undefined, 'Invalid parameter', 2388024);
  }
  const id = String(900000000000000 + ++templateIds);
  config.managed.push({ ...request, id, status: 'PENDING' });
  return { status: 200, json: { id, status: 'PENDING', category: request.category } };
}
