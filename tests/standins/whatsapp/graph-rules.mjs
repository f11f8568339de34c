// The WhatsApp Cloud API's rules, as every stand-in enforces them: the token, a template send, a free-form
// text, marking a message read, the reads
// (the phone number, the template list) and template management (register, create a template).
// Plain JavaScript so both stand-ins share it: tests/standins/http/graph.mjs (Node, for
// `wrangler dev` and Playwright) and tests/standins/whatsapp/graph-api.ts (in workerd, for vitest).
// Facts: shared/reference/external-services.md (WhatsApp Cloud API).

export const GRAPH_VERSION = 'v22.0';

/** Approved templates and their parameter counts (0 header params = no header component). */
export const APPROVED_TEMPLATES = {
  subscription_notfication: { header: 0, body: 3 },
  journey_users: { header: 1, body: 0 },
  journey_owner: { header: 1, body: 4 },
  quiz_owner: { header: 1, body: 5 },
  hourly_digest: { header: 0, body: 4 },
  visitor_reply: { header: 0, body: 4 },
  follow_up: { header: 0, body: 3 },
  call_booked: { header: 0, body: 5 },
  call_cancelled: { header: 0, body: 5 },
  payment_received: { header: 0, body: 5 },
  payment_request: { header: 0, body: 4 },
  call_reminder: { header: 0, body: 3 },
  call_rebook: { header: 0, body: 3 },
  lead_due: { header: 0, body: 3 },
  client_page: { header: 0, body: 3 },
  client_last_session: { header: 0, body: 4 },
};

const E164 = /^\+[1-9]\d{6,14}$/;
/** A business-scoped user id (BSUID), as `recipient` takes it: `US.13491208655302741918`. */
const BSUID = /^[A-Za-z]{2,3}\.[A-Za-z0-9.]{1,96}$/;
const LIMITS = { header: 60, body: 1024 };
/** The longest free-form text body Meta takes. */
const TEXT_LIMIT = 4096;

/** Each error code as Meta reports it: HTTP status, message, type. */
const ERRORS = {
  1: [500, 'An unknown error occurred', 'OAuthException'],
  2: [503, 'Service temporarily unavailable', 'OAuthException'],
  4: [400, '(#4) Application request limit reached', 'OAuthException'],
  100: [400, '(#100) Invalid parameter', 'OAuthException'],
  190: [401, 'Error validating access token: Session has expired on Friday, 20-Nov-26 10:00:00 PST.', 'OAuthException'],
  80007: [400, '(#80007) Rate limit issues', 'OAuthException'],
  130429: [400, '(#130429) Rate limit hit', 'OAuthException'],
  131000: [500, '(#131000) Something went wrong', 'OAuthException'],
  131016: [503, '(#131016) Service unavailable', 'OAuthException'],
  131026: [400, '(#131026) Message undeliverable', 'OAuthException'],
  131030: [400, '(#131030) Recipient phone number not in allowed list', 'OAuthException'],
  131056: [400, '(#131056) (Business Account, Consumer Account) pair rate limit hit', 'OAuthException'],
  132000: [400, '(#132000) Number of parameters does not match the expected number of params', 'OAuthException'],
  132001: [404, '(#132001) Template name does not exist in the translation', 'OAuthException'],
  132005: [400, '(#132005) Translated text too long', 'OAuthException'],
  132018: [400, '(#132018) There was an issue with the parameters in your template.', 'OAuthException'],
};

let traceCounter = 0;

/** The error answer Meta sends for `code`, with optional details (and a message other than the usual one). */
export function graphError(code, details, messageOverride, subcode) {
  const [status, usual, type] = ERRORS[code] ?? [400, `(#${code}) Error`, 'OAuthException'];
  const message = messageOverride ?? usual;
  const error = { message, type, code, fbtrace_id: `A${(++traceCounter).toString(36).padStart(10, '0')}` };
  if (subcode) error.error_subcode = subcode;
  if (details) error.error_data = { messaging_product: 'whatsapp', details };
  return { status, json: { error } };
}

let messageCounter = 0;

/** The success answer for a message to `to` (a number; a user id answers `user_id` and no `wa_id`). */
export function graphSuccess(to) {
  const id = `wamid.HBgM${(++messageCounter).toString(16).padStart(12, '0').toUpperCase()}`;
  return {
    status: 200,
    json: {
      messaging_product: 'whatsapp',
      contacts: [BSUID.test(to) ? { input: to, user_id: to } : { input: to, wa_id: to.replace(/^\+/, '') }],
      messages: [{ id, message_status: 'accepted' }],
    },
  };
}

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const onlyKeys = (o, keys) => Object.keys(o).every((k) => keys.includes(k));

/**
 * The bearer token every Graph call carries: an expired one answers 190 "Session has expired", a missing or
 * unknown one 190 "Cannot parse access token". Returns null when the token is valid.
 * @param {string | undefined} authorization
 * @param {{ tokens: string[], expiredTokens?: string[] }} expect
 */
export function checkToken(authorization, expect) {
  const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  if (token && (expect.expiredTokens ?? []).includes(token)) return graphError(190);
  if (!token || !expect.tokens.includes(token)) {
    return graphError(190, undefined, 'Invalid OAuth access token - Cannot parse access token');
  }
  return null;
}

/**
 * Checks one send request strictly. Returns null when Meta would accept it,
 * else the error answer Meta would give.
 * @param {{ method: string, path: string, authorization: string | undefined, body: string }} req path relative to the API base
 * @param {{ phoneNumberId: string, tokens: string[], expiredTokens?: string[], templates: Record<string, {header: number, body: number}> }} expect
 */
export function checkSend(req, expect) {
  const path = req.path.split('/').filter(Boolean);
  if (path.length !== 3 || path[0] !== GRAPH_VERSION || path[2] !== 'messages' || req.method !== 'POST') {
    return graphError(
      100,
      `Unknown path or version: ${req.method} /${path.join('/')} (expected POST /${GRAPH_VERSION}/{id}/messages)`,
    );
  }
  const refused = checkToken(req.authorization, expect);
  if (refused) return refused;
  if (path[1] !== expect.phoneNumberId) return graphError(100, `Object with ID '${path[1]}' does not exist`);

  let body;
  try {
    body = JSON.parse(req.body);
  } catch {
    return graphError(100, 'Request body is not JSON');
  }
  if (isObject(body) && 'status' in body) return checkRead(body);
  const allowedTop = [
    'messaging_product',
    'recipient_type',
    'to',
    'recipient',
    'type',
    body?.type === 'text' ? 'text' : 'template',
  ];
  if (!isObject(body) || !onlyKeys(body, allowedTop)) return graphError(100, 'Unexpected top-level field');
  if (body.messaging_product !== 'whatsapp') return graphError(100, 'messaging_product must be "whatsapp"');
  if (body.recipient_type !== 'individual') return graphError(100, 'recipient_type must be "individual"');
  // Exactly one addressee: a number in `to`, or a business-scoped user id in `recipient`.
  if ((body.to === undefined) === (body.recipient === undefined)) {
    return graphError(100, 'exactly one of to and recipient is required');
  }
  if (body.to !== undefined && (typeof body.to !== 'string' || !E164.test(body.to))) {
    return graphError(100, 'to must be an E.164 number');
  }
  if (body.recipient !== undefined && (typeof body.recipient !== 'string' || !BSUID.test(body.recipient))) {
    return graphError(100, 'recipient must be a business-scoped user id');
  }
  if (body.type === 'text') return checkText(body.text);
  if (body.type !== 'template') return graphError(100, 'type must be "template" or "text"');

  const t = body.template;
  if (!isObject(t) || !onlyKeys(t, ['name', 'language', 'components'])) return graphError(100, 'Invalid template');
  const spec = expect.templates[t.name];
  if (!spec || !isObject(t.language) || t.language.code !== 'en' || !onlyKeys(t.language, ['code', 'policy'])) {
    return graphError(132001, `template name (${t.name}) does not exist in ${t.language?.code}`);
  }
  const components = t.components ?? [];
  if (!Array.isArray(components)) return graphError(100, 'components must be an array');
  const counts = { header: 0, body: 0 };
  const seen = new Set();
  for (const c of components) {
    if (!isObject(c) || !onlyKeys(c, ['type', 'parameters']) || !(c.type in counts) || !Array.isArray(c.parameters)) {
      return graphError(100, 'Invalid component');
    }
    if (seen.has(c.type)) return graphError(100, `Duplicate ${c.type} component`);
    seen.add(c.type);
    if (c.parameters.length === 0) return graphError(132000, `Empty ${c.type} parameters list`);
    for (const p of c.parameters) {
      if (!isObject(p) || !onlyKeys(p, ['type', 'text']) || p.type !== 'text' || typeof p.text !== 'string') {
        return graphError(100, 'Invalid parameter');
      }
      if (p.text === '' || /[\n\t]/.test(p.text) || / {5,}/.test(p.text)) {
        return graphError(
          132018,
          `Param text cannot be empty or have new-line/tab characters or more than 4 consecutive spaces`,
        );
      }
      if ([...p.text].length > LIMITS[c.type])
        return graphError(132005, `${c.type} parameter over ${LIMITS[c.type]} characters`);
    }
    counts[c.type] = c.parameters.length;
  }
  if (counts.header !== spec.header || counts.body !== spec.body) {
    return graphError(
      132000,
      `expected header ${spec.header} and body ${spec.body}, got ${counts.header} and ${counts.body}`,
    );
  }
  return null;
}

/** A free-form text: `text.body` of 1 to 4,096 characters, `preview_url` a boolean when given. */
function checkText(text) {
  if (!isObject(text) || !onlyKeys(text, ['body', 'preview_url'])) return graphError(100, 'Invalid text object');
  if (typeof text.body !== 'string' || text.body.trim() === '') return graphError(100, 'text.body is required');
  if ([...text.body].length > TEXT_LIMIT) return graphError(100, `text.body over ${TEXT_LIMIT} characters`);
  if (text.preview_url !== undefined && typeof text.preview_url !== 'boolean') {
    return graphError(100, 'preview_url must be a boolean');
  }
  return null;
}

/** Marking a received message read: exactly `messaging_product`, `status: "read"` and a wamid. */
function checkRead(body) {
  if (!onlyKeys(body, ['messaging_product', 'status', 'message_id'])) return graphError(100, 'Unexpected field');
  if (body.messaging_product !== 'whatsapp') return graphError(100, 'messaging_product must be "whatsapp"');
  if (body.status !== 'read') return graphError(100, 'status must be "read"');
  if (typeof body.message_id !== 'string' || !/^wamid\.\S+$/.test(body.message_id)) {
    return graphError(100, 'message_id must be a wamid');
  }
  return null;
}

/**
 * Checks a "create message template" body as Meta does: name, language, category, a BODY, at most one
 * HEADER (TEXT, at most one parameter), parameters numbered {{1}}…{{n}} with one example each.
 * Returns null when acceptable, else the error answer.
 */
export function checkTemplateCreation(t) {
  if (!isObject(t) || !onlyKeys(t, ['name', 'language', 'category', 'components']))
    return graphError(100, 'Invalid template');
  if (typeof t.name !== 'string' || !/^[a-z0-9_]{1,512}$/.test(t.name))
    return graphError(100, 'name must be lower case, digits and _');
  if (t.language !== 'en') return graphError(100, 'language must be a supported code such as en');
  if (!['UTILITY', 'MARKETING', 'AUTHENTICATION'].includes(t.category)) return graphError(100, 'Invalid category');
  if (!Array.isArray(t.components)) return graphError(100, 'components must be an array');
  const types = t.components.map((c) => c?.type);
  if (types.filter((x) => x === 'BODY').length !== 1 || types.filter((x) => x === 'HEADER').length > 1) {
    return graphError(100, 'A template needs one BODY and at most one HEADER');
  }
  for (const c of t.components) {
    if (!onlyKeys(c, ['type', 'format', 'text', 'example']) || typeof c.text !== 'string')
      return graphError(100, 'Invalid component');
    if (c.type === 'HEADER' && c.format !== 'TEXT') return graphError(100, 'Only TEXT headers here');
    const used = [...new Set([...c.text.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
    if (used.some((n, i) => n !== i + 1)) return graphError(100, `${c.type} parameters must be numbered {{1}}…{{n}}`);
    if (c.type === 'HEADER' && used.length > 1) return graphError(100, 'A text header takes at most one parameter');
    const examples = c.type === 'HEADER' ? c.example?.header_text : c.example?.body_text?.[0];
    if ((examples?.length ?? 0) !== used.length) return graphError(100, `${c.type} needs one example per parameter`);
  }
  return null;
}

/** Whether a request is a read or template management (not a send): any GET, /{id}/register, /{id}/message_templates. */
export function isManagement(method, path) {
  const parts = path.split('/').filter(Boolean);
  return method === 'GET' || parts[2] === 'message_templates' || parts[2] === 'register';
}

const parseJson = (text) => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

let templateIds = 0;

/**
 * Answers a read or a template management call (what the health check, preflight, whatsapp:register and
 * whatsapp:templates make): GET /{phone number id}, POST /{phone number id}/register, GET and POST
 * /{business account id}/message_templates. The token is checked first; `account.readError` answers every
 * GET with that code. `account` is the business account as the stand-in keeps it, and is changed by a
 * registration or a new template: `registered` (false: the number reads PENDING until registered), `pin`
 * (the two-step PIN registration must give), `managed` (the template list, each with its review status).
 * @param {{ method: string, path: string, authorization: string | undefined, body: string }} req path relative to the API base
 * @param {{ phoneNumberId: string, businessAccountId: string, tokens: string[], expiredTokens?: string[] }} expect
 * @param {{ registered?: boolean, pin?: string, managed?: object[], readError?: number }} account
 */
export function manage(req, expect, account) {
  const { method } = req;
  if (method === 'GET' && account.readError) return graphError(account.readError);
  const refused = checkToken(req.authorization, expect);
  if (refused) return refused;
  const parts = req.path.split('/').filter(Boolean);
  if (parts[0] !== GRAPH_VERSION) return graphError(100, `Unknown version ${parts[0]}`);
  if (method === 'GET' && parts.length === 2 && parts[1] === expect.phoneNumberId) {
    return {
      status: 200,
      json: {
        id: expect.phoneNumberId,
        display_phone_number: '+91 98000 00000',
        verified_name: 'Priya Raman',
        quality_rating: 'GREEN',
        ...(account.registered === false
          ? { platform_type: 'NOT_APPLICABLE', status: 'PENDING' }
          : { platform_type: 'CLOUD_API', status: 'CONNECTED' }),
      },
    };
  }
  if (parts.length === 3 && parts[1] === expect.phoneNumberId && parts[2] === 'register') {
    if (method !== 'POST') return graphError(100, 'Unsupported method');
    const request = parseJson(req.body);
    if (!request.ok) return graphError(100, 'Request body is not JSON');
    if (request.value?.messaging_product !== 'whatsapp')
      return graphError(100, undefined, 'messaging_product must be whatsapp');
    if (typeof request.value.pin !== 'string' || !/^\d{6}$/.test(request.value.pin))
      return graphError(100, undefined, 'pin must be 6 digits');
    if (account.pin && request.value.pin !== account.pin)
      return graphError(133005, undefined, 'Two step verification PIN Mismatch');
    account.registered = true;
    return { status: 200, json: { success: true } };
  }
  if (parts.length !== 3 || parts[1] !== expect.businessAccountId || parts[2] !== 'message_templates') {
    return graphError(100, `Object with ID '${parts[1]}' does not exist`);
  }
  account.managed ??= [];
  if (method === 'GET') return { status: 200, json: { data: account.managed, paging: {} } };
  if (method !== 'POST') return graphError(100, 'Unsupported method');
  const request = parseJson(req.body);
  if (!request.ok) return graphError(100, 'Request body is not JSON');
  const template = request.value;
  const invalid = checkTemplateCreation(template);
  if (invalid) return invalid;
  if (account.managed.some((t) => t.name === template.name && t.language === template.language)) {
    return graphError(100, undefined, 'Invalid parameter', 2388024);
  }
  const id = String(900000000000000 + ++templateIds);
  account.managed.push({ ...template, id, status: 'PENDING' });
  return { status: 200, json: { id, status: 'PENDING', category: template.category } };
}

/**
 * Answers one Graph API request as every stand-in does: reads and template management (manage), else a send,
 * checked strictly (checkSend); an acceptable send gets `scripted(body)`, the failure the test scripted for
 * it (a GraphAnswer, or null for none), else success.
 * @param {{ method: string, path: string, authorization: string | undefined, body: string }} req path relative to the API base
 * @param {{ phoneNumberId: string, businessAccountId: string, tokens: string[], expiredTokens?: string[], templates: Record<string, {header: number, body: number}> }} expect
 * @param {{ registered?: boolean, pin?: string, managed?: object[], readError?: number }} account
 * @param {(body: any) => ({ status: number, json: unknown } | null | undefined)} [scripted]
 */
export function answerGraph(req, expect, account, scripted) {
  if (isManagement(req.method, req.path)) return manage(req, expect, account);
  const refused = checkSend(req, expect);
  if (refused) return refused;
  const body = JSON.parse(req.body);
  if (body.status === 'read') return scripted?.(body) ?? { status: 200, json: { success: true } };
  return scripted?.(body) ?? graphSuccess(body.to ?? body.recipient);
}
