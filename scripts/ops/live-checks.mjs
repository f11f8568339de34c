// One harmless call to each configured service, for `npm run preflight -- --live`:
//   WhatsApp   GET the phone number id (its registration with the Cloud API: platform_type CLOUD_API);
//              GET the business account's templates and each one's status
//   Firestore  the service-account token exchange, then one read (a page of size 1)
//   Turnstile  a siteverify with a dummy token (a valid secret answers invalid-input-response)
//   Kit        GET /v4/account (the key), then GET /v4/forms (KIT_FORM_ID is one of the account's forms)
//   Mailchimp  GET /3.0/ping (the key, at its data centre), then GET /3.0/lists/{MAILCHIMP_LIST_ID}
//   Razorpay   GET /v1/payment_links?count=1 with the key (Basic auth): reads one link, makes and changes nothing
// The booking webhooks have none: neither tool can be asked whether a webhook key matches (booking-webhooks.mjs).
// Google's endpoints can be pointed elsewhere (stand-ins) with PREFLIGHT_GOOGLE_TOKEN_URL and
// PREFLIGHT_FIRESTORE_URL; WhatsApp and Turnstile use the configured WHATSAPP_API_URL and TURNSTILE_VERIFY_URL.
import { createSign } from 'node:crypto';
import { requiredTemplates } from '../../src/notify/whatsapp/whatsapp-templates.ts';

const GRAPH_VERSION = 'v22.0';
const TIMEOUT_MS = 15_000;
const TOKEN_URL = process.env.PREFLIGHT_GOOGLE_TOKEN_URL || 'https://oauth2.googleapis.com/token';
const FIRESTORE_URL = (process.env.PREFLIGHT_FIRESTORE_URL || 'https://firestore.googleapis.com').replace(/\/+$/, '');

/** @param {import('../../src/config/index.ts').Config} config */
export async function liveChecks(config) {
  const results = [];
  const add = (service, check, ok, detail) => results.push({ service, check, ok, detail });

  const { sending, apiUrl, businessAccountId } = config.whatsapp;
  if (!sending.ok) add('whatsapp', 'configured', false, sending.reason);
  else {
    const auth = { authorization: `Bearer ${sending.token}` };
    const phone = await getJson(
      `${apiUrl}/${GRAPH_VERSION}/${encodeURIComponent(sending.phoneNumberId)}?fields=display_phone_number,verified_name,quality_rating,platform_type,status`,
      auth,
    );
    if (phone.ok) {
      add(
        'whatsapp',
        'phone number id',
        true,
        `${phone.json.display_phone_number ?? '?'} (${phone.json.verified_name ?? 'no name'}, quality ${phone.json.quality_rating ?? '?'})`,
      );
      const registered = phone.json.platform_type === 'CLOUD_API';
      add(
        'whatsapp',
        'registration',
        registered,
        registered
          ? `registered with the Cloud API (status ${phone.json.status ?? '?'})`
          : `not registered with the Cloud API (platform ${phone.json.platform_type ?? 'unknown'}): every send fails until ` +
              'it is. Run npm run whatsapp:register -- --env <name> --secrets-file FILE with the two-step PIN on stdin',
      );
    } else add('whatsapp', 'phone number id', false, graphProblem(phone));
    if (!businessAccountId)
      add('whatsapp', 'templates', false, 'WHATSAPP_BUSINESS_ACCOUNT_ID is not set: cannot read the templates');
    else {
      const list = await getJson(
        `${apiUrl}/${GRAPH_VERSION}/${encodeURIComponent(businessAccountId)}/message_templates?fields=name,status,language&limit=100`,
        auth,
      );
      if (!list.ok) add('whatsapp', 'templates', false, graphProblem(list));
      else {
        // The booking alerts must be approved only when a booking webhook is on, the payment messages with payments on.
        for (const t of requiredTemplates(config.bookings, config.payments)) {
          const found = (list.json.data ?? []).find((d) => d.name === t.name && d.language === t.language);
          add(
            'whatsapp',
            `template ${t.name}`,
            found?.status === 'APPROVED',
            found ? found.status : 'missing: run npm run whatsapp:templates',
          );
        }
      }
    }
  }

  let firestore;
  try {
    firestore = config.leads.store === 'firestore' ? config.firestore : undefined;
  } catch (err) {
    add('firestore', 'configured', false, err.message);
  }
  if (firestore?.mode === 'credentials') {
    const token = await exchangeToken(firestore);
    if (!token.ok) add('firestore', 'token exchange', false, token.detail);
    else {
      add('firestore', 'token exchange', true, `access token for ${firestore.clientEmail}`);
      const url = `${FIRESTORE_URL}/v1/projects/${encodeURIComponent(firestore.projectId)}/databases/(default)/documents/news_letter?pageSize=1`;
      const read = await getJson(url, { authorization: `Bearer ${token.accessToken}` });
      add('firestore', 'one read', read.ok, read.ok ? `project ${firestore.projectId} answers` : googleProblem(read));
    }
  } else if (firestore) add('firestore', 'configured', false, `mode ${firestore.mode}: not checked`);

  const turnstile = config.turnstile;
  if (turnstile.enabled) {
    const form = new URLSearchParams({ secret: turnstile.secretKey, response: 'XXXX.DUMMY.TOKEN.XXXX' });
    const answer = await request(turnstile.verifyUrl, { method: 'POST', body: form });
    const codes = answer.json?.['error-codes'] ?? [];
    const badSecret = codes.some((c) => /secret/.test(c));
    add(
      'turnstile',
      'siteverify',
      answer.status === 200 && !badSecret,
      answer.status === 200
        ? badSecret
          ? `secret refused (${codes.join(', ')})`
          : `secret accepted (dummy token: ${codes.join(', ') || 'success'})`
        : (answer.error ?? `HTTP ${answer.status}`),
    );
  } else add('turnstile', 'configured', false, turnstile.problem ?? 'Turnstile is off');
  await newsletterChecks(config.newsletter.provider, add);
  await paymentChecks(config.payments.provider, add);
  return results;
}

/** The payment tool, when PAYMENT_PROVIDER names one: whether it takes the key (a 401 is a refused key). */
async function paymentChecks(provider, add) {
  if (!provider) return;
  if (!provider.ok) return add('razorpay', 'configured', false, provider.reason);
  const basic = Buffer.from(`${provider.keyId}:${provider.keySecret}`).toString('base64');
  const list = await getJson(`${provider.apiUrl.replace(/\/+$/, '')}/v1/payment_links?count=1`, {
    authorization: `Basic ${basic}`,
  });
  const mode = provider.keyId.startsWith('rzp_live_') ? 'live' : 'test';
  if (list.ok) return add('razorpay', 'api key', true, `${provider.keyId} accepted (${mode} mode)`);
  if (list.status === 401)
    return add(
      'razorpay',
      'api key',
      false,
      'the key is refused (HTTP 401): RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be one pair, of the same mode ' +
        '(Dashboard → Account & Settings → API keys)',
    );
  const e = list.json?.error;
  add(
    'razorpay',
    'api key',
    false,
    list.error ?? `Razorpay answered HTTP ${list.status}${e?.description ? `: ${e.description}` : ''}`,
  );
}

/** The newsletter tool, when NEWSLETTER_PROVIDER names one: its key, and the form or list signups go to. */
async function newsletterChecks(provider, add) {
  if (provider.name === 'none') return;
  if (!provider.ok) return add(provider.name, 'configured', false, provider.reason);
  if (provider.name === 'kit') {
    const headers = { 'x-kit-api-key': provider.apiKey, accept: 'application/json' };
    const account = await getJson(`${provider.apiUrl}/v4/account`, headers);
    if (!account.ok) return add('kit', 'api key', false, toolProblem('Kit', account));
    add('kit', 'api key', true, `account ${account.json?.account?.name ?? '?'}`);
    const forms = await getJson(`${provider.apiUrl}/v4/forms?status=active&per_page=1000`, headers);
    if (!forms.ok) return add('kit', `form ${provider.formId}`, false, toolProblem('Kit', forms));
    const form = (forms.json?.forms ?? []).find((f) => String(f.id) === provider.formId);
    add(
      'kit',
      `form ${provider.formId}`,
      Boolean(form),
      form
        ? `"${form.name}": its double opt-in email goes to each signup`
        : 'no active form of this account has this id: check KIT_FORM_ID',
    );
    return;
  }
  const headers = { authorization: `Basic ${Buffer.from(`site:${provider.apiKey}`).toString('base64')}` };
  const ping = await getJson(`${provider.apiUrl}/3.0/ping`, headers);
  if (!ping.ok) return add('mailchimp', 'api key', false, toolProblem('Mailchimp', ping));
  add('mailchimp', 'api key', true, ping.json?.health_status ?? 'answers');
  const list = await getJson(`${provider.apiUrl}/3.0/lists/${encodeURIComponent(provider.listId)}`, headers);
  add(
    'mailchimp',
    `list ${provider.listId}`,
    list.ok,
    list.ok ? `"${list.json?.name ?? '?'}"` : `${toolProblem('Mailchimp', list)}: check MAILCHIMP_LIST_ID`,
  );
}

/** What a newsletter tool's refusal says: Kit's {errors: […]}, Mailchimp's {title, detail}. */
function toolProblem(name, answer) {
  if (answer.error) return answer.error;
  const j = answer.json ?? {};
  const text = Array.isArray(j.errors) ? j.errors.join(' ') : [j.title, j.detail].filter(Boolean).join(': ');
  return `${name} answered HTTP ${answer.status}${text ? `: ${text}` : ''}`;
}

async function request(url, init = {}) {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    let json;
    try {
      json = await res.json();
    } catch {
      json = undefined;
    }
    return { ok: res.ok, status: res.status, json };
  } catch (err) {
    return { ok: false, status: 0, json: undefined, error: `unreachable (${err.cause?.code ?? err.message})` };
  }
}

const getJson = (url, headers) => request(url, { headers });

function graphProblem(answer) {
  if (answer.error) return answer.error;
  const e = answer.json?.error;
  if (e?.code === 190)
    return `access token expired or invalid (code 190: ${e.message}); create a new system-user token`;
  return e ? `code ${e.code}: ${e.message}` : `HTTP ${answer.status}`;
}

function googleProblem(answer) {
  if (answer.error) return answer.error;
  const e = answer.json?.error;
  return typeof e === 'object'
    ? `HTTP ${answer.status}: ${e.status ?? ''} ${e.message ?? ''}`.trim()
    : `HTTP ${answer.status}: ${e ?? ''} ${answer.json?.error_description ?? ''}`.trim();
}

/** The service-account grant: an RS256 JWT exchanged for an access token (what the Worker's client does). */
async function exchangeToken({ clientEmail, privateKey }) {
  const now = Math.floor(Date.now() / 1000);
  const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const unsigned = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({ iss: clientEmail, scope: 'https://www.googleapis.com/auth/datastore', aud: TOKEN_URL, iat: now, exp: now + 3600 })}`;
  let signature;
  try {
    signature = createSign('RSA-SHA256').update(unsigned).sign(privateKey.replace(/\\n/g, '\n'), 'base64url');
  } catch (err) {
    return { ok: false, detail: `FIRESTORE_PRIVATE_KEY cannot sign: ${err.message}` };
  }
  const answer = await request(TOKEN_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: `${unsigned}.${signature}`,
    }),
  });
  if (answer.ok && typeof answer.json?.access_token === 'string')
    return { ok: true, accessToken: answer.json.access_token };
  return { ok: false, detail: `Google refused the key: ${googleProblem(answer)}` };
}
