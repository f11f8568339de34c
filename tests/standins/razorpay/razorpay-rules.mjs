// Razorpay's API as every stand-in answers it: the Worker's tests in workerd (tests/standins/razorpay/razorpay.ts) and
// the Node stand-in (http/razorpay.mjs) that `wrangler dev`, Playwright and the operator scripts talk to. Web APIs
// only. Strict as Razorpay is: HTTP Basic auth with the key id and secret, JSON bodies with only Razorpay's fields,
// amounts in whole paise of at least ₹1, errors as Razorpay writes them:
// {"error": {"code": "BAD_REQUEST_ERROR", "description", "field", "source", "step", "reason", "metadata"}}.
// Endpoints served (after any path prefix):
//   POST /v1/payment_links              create a link: 200 with the link entity
//   GET  /v1/payment_links/{id}         the link entity
//   GET  /v1/payment_links?count=N      the newest N links, {payment_links: [...]} (the preflight's key check)
//   POST /v1/payment_links/{id}/cancel  cancels a link not yet paid, expired or cancelled
//   POST /v1/payments/{id}/refund       {amount?, speed?, notes?, receipt?}: at most what is left; status pending
// Test controls (what Razorpay's checkout page and its own processing would do): pay(), expire(), settleRefund();
// event() builds a webhook body as Razorpay sends it and sign() its X-Razorpay-Signature.

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const CREATE_FIELDS = [
  'amount',
  'currency',
  'description',
  'reference_id',
  'customer',
  'notify',
  'reminder_enable',
  'notes',
  'callback_url',
  'callback_method',
  'expire_by',
  'accept_partial',
  'first_min_partial_amount',
  'upi_link',
];
/** Razorpay takes links that expire at most six months ahead. */
const MOST_AHEAD_S = 183 * 24 * 3600;
const ACTIVE = ['created', 'partially_paid'];

/** Razorpay's error body with the status it comes with. */
export function razorpayError(status, description, field, code = 'BAD_REQUEST_ERROR') {
  const error = {
    code,
    description,
    source: 'business',
    step: 'payment_initiation',
    reason: 'input_validation_failed',
  };
  if (status === 401) Object.assign(error, { source: 'NA', step: 'NA', reason: 'NA' });
  if (field !== undefined) error.field = field;
  error.metadata = {};
  return Response.json({ error }, { status });
}

/** An id shaped like Razorpay's: the prefix, `_`, 14 base62 characters. */
export function razorpayId(prefix, length = 14) {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return `${prefix}_${[...bytes].map((b) => BASE62[b % 62]).join('')}`;
}

const hex = (bytes) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** X-Razorpay-Signature of a webhook body: hex HMAC-SHA256 of the raw bytes with the webhook secret. */
export async function sign(body, secret) {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
}

const whole = (v) => typeof v === 'number' && Number.isInteger(v);
const seconds = (ms) => Math.floor(ms / 1000);

/**
 * One Razorpay account: `keyId` and `keySecret` are the keys it accepts; `now()` its clock (ms). `links`, `payments`
 * and `refunds` (by id) hold the entities; `calls` ({method, path, body}) shows what it received. `fail`
 * ({status, times?}) answers the next calls (or all, without `times`) with that status, as Razorpay does when it fails.
 */
export function createRazorpay({ keyId, keySecret, now = () => Date.now() }) {
  const links = new Map();
  const payments = new Map();
  const refunds = new Map();
  const calls = [];
  const razorpay = {
    keyId,
    keySecret,
    links,
    payments,
    refunds,
    calls,
    fail: undefined,
    async handle(request) {
      const url = new URL(request.url);
      const path = url.pathname.slice(Math.max(url.pathname.indexOf('/v1/'), 0));
      const text = request.method === 'POST' ? await request.text() : '';
      let body;
      if (text !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
      }
      calls.push({ method: request.method, path, body: text === '' ? {} : body });
      if (request.headers.get('authorization') !== `Basic ${btoa(`${razorpay.keyId}:${razorpay.keySecret}`)}`) {
        return razorpayError(401, 'Authentication failed');
      }
      if (razorpay.fail) {
        const { status, times } = razorpay.fail;
        if (times !== undefined && times <= 1) razorpay.fail = undefined;
        else if (times !== undefined) razorpay.fail = { status, times: times - 1 };
        return razorpayError(
          status,
          'We are facing some trouble completing your request at the moment. Please try again shortly.',
          undefined,
          'SERVER_ERROR',
        );
      }
      if (request.method === 'POST' && text !== '') {
        if (!(request.headers.get('content-type') ?? '').startsWith('application/json')) {
          return razorpayError(400, 'The content type must be application/json');
        }
        if (!body || typeof body !== 'object' || Array.isArray(body)) {
          return razorpayError(400, 'The request body is not valid JSON');
        }
      }
      body ??= {};
      let m;
      if (request.method === 'POST' && path === '/v1/payment_links') return create(body);
      if (request.method === 'GET' && path === '/v1/payment_links') {
        const count = Number(url.searchParams.get('count') ?? 10);
        if (!Number.isInteger(count) || count < 1 || count > 100) {
          return razorpayError(400, 'The count must be between 1 and 100.', 'count');
        }
        return Response.json({ payment_links: [...links.values()].reverse().slice(0, count) });
      }
      if (request.method === 'GET' && (m = /^\/v1\/payment_links\/([A-Za-z0-9_]+)$/.exec(path))) return fetchLink(m[1]);
      if (request.method === 'POST' && (m = /^\/v1\/payment_links\/([A-Za-z0-9_]+)\/cancel$/.exec(path))) {
        return cancel(m[1]);
      }
      if (request.method === 'POST' && (m = /^\/v1\/payments\/([A-Za-z0-9_]+)\/refund$/.exec(path))) {
        return refund(m[1], body);
      }
      return razorpayError(400, 'The requested URL was not found on the server.', undefined, 'BAD_REQUEST_ERROR');
    },

    /**
     * What Razorpay's checkout does when the person pays `amount` paise (default: all that is left) by `method`:
     * answers the payment entity and the link as it now stands, ready for event().
     */
    pay(linkId, { amount, method = 'upi', at = now() } = {}) {
      const link = links.get(linkId);
      if (!link || !ACTIVE.includes(link.status)) throw new Error(`razorpay stand-in: link ${linkId} cannot be paid`);
      const left = link.amount - link.amount_paid;
      const paid = amount ?? left;
      if (!whole(paid) || paid < 100 || paid > left)
        throw new Error(`razorpay stand-in: cannot pay ${paid} of ${left}`);
      if (paid < left && !link.accept_partial) throw new Error('razorpay stand-in: this link takes the whole amount');
      if (link.amount_paid === 0 && paid < left && paid < (link.first_min_partial_amount ?? 100)) {
        throw new Error('razorpay stand-in: the first part is less than first_min_partial_amount');
      }
      const payment = {
        id: razorpayId('pay'),
        entity: 'payment',
        amount: paid,
        currency: 'INR',
        status: 'captured',
        order_id: link.order_id,
        method,
        amount_refunded: 0,
        refund_status: null,
        captured: true,
        description: link.description,
        vpa: method === 'upi' ? 'payer@upi' : null,
        email: 'payer@example.com',
        contact: '+919812345678',
        fee: Math.round(paid * 0.02),
        tax: Math.round(paid * 0.02 * 0.18),
        notes: link.notes,
        created_at: seconds(at),
      };
      payments.set(payment.id, { ...payment, link_id: linkId });
      link.amount_paid += paid;
      link.status = link.amount_paid === link.amount ? 'paid' : 'partially_paid';
      link.payments = [...(link.payments ?? []), { payment_id: payment.id, amount: paid, method, status: 'captured' }];
      link.updated_at = seconds(at);
      return { payment, link: { ...link } };
    },

    /** What Razorpay does when a link's expire_by passes unpaid: answers the link. */
    expire(linkId, at = now()) {
      const link = links.get(linkId);
      if (!link || !ACTIVE.includes(link.status)) throw new Error(`razorpay stand-in: link ${linkId} cannot expire`);
      Object.assign(link, { status: 'expired', expired_at: seconds(at), updated_at: seconds(at) });
      return { ...link };
    },

    /** Razorpay's bank settles (or fails) a pending refund: answers the refund entity. */
    settleRefund(refundId, status, at = now()) {
      const found = refunds.get(refundId);
      if (!found) throw new Error(`razorpay stand-in: no refund ${refundId}`);
      found.status = status;
      if (status === 'failed') {
        const payment = payments.get(found.payment_id);
        payment.amount_refunded -= found.amount;
      }
      found.processed_at = seconds(at);
      return { ...found };
    },

    /**
     * A webhook delivery's body as Razorpay sends it: `entities` by name (payment_link, payment, refund, order),
     * each wrapped as {entity: {...}}; `createdAt` in ms.
     */
    event(name, entities, createdAt = now()) {
      const payload = Object.fromEntries(Object.entries(entities).map(([key, entity]) => [key, { entity }]));
      return JSON.stringify({
        entity: 'event',
        account_id: 'acc_StandinAcct0001',
        event: name,
        contains: Object.keys(entities),
        payload,
        created_at: seconds(createdAt),
      });
    },
    sign,
  };

  function create(body) {
    const odd = Object.keys(body).filter((k) => !CREATE_FIELDS.includes(k));
    if (odd.length > 0) return razorpayError(400, `${odd.join(', ')} is/are not required and should not be sent`);
    if (!whole(body.amount)) return razorpayError(400, 'The amount must be an integer.', 'amount');
    if (body.amount < 100) return razorpayError(400, 'The amount must be atleast INR 1.00', 'amount');
    if (body.currency !== undefined && body.currency !== 'INR') {
      return razorpayError(400, 'The selected currency is invalid.', 'currency');
    }
    if (body.description !== undefined && (typeof body.description !== 'string' || body.description.length > 2048)) {
      return razorpayError(400, 'The description may not be greater than 2048 characters.', 'description');
    }
    if (body.reference_id !== undefined) {
      if (typeof body.reference_id !== 'string' || body.reference_id.length > 40) {
        return razorpayError(400, 'The reference id may not be greater than 40 characters.', 'reference_id');
      }
      const taken = [...links.values()].some((l) => l.reference_id === body.reference_id && ACTIVE.includes(l.status));
      if (taken) {
        return razorpayError(400, `Payment Link with reference id ${body.reference_id} already exists`, 'reference_id');
      }
    }
    if (body.expire_by !== undefined) {
      const nowS = seconds(now());
      if (!whole(body.expire_by) || body.expire_by <= nowS) {
        return razorpayError(400, 'expire_by should be a future timestamp', 'expire_by');
      }
      if (body.expire_by > nowS + MOST_AHEAD_S) {
        return razorpayError(400, 'expire_by should not be more than 6 months from now', 'expire_by');
      }
    }
    if (body.accept_partial !== undefined && typeof body.accept_partial !== 'boolean') {
      return razorpayError(400, 'The accept partial field must be true or false.', 'accept_partial');
    }
    if (body.first_min_partial_amount !== undefined) {
      if (body.accept_partial !== true) {
        return razorpayError(
          400,
          'first_min_partial_amount is not required when accept_partial is false',
          'first_min_partial_amount',
        );
      }
      if (!whole(body.first_min_partial_amount) || body.first_min_partial_amount < 100) {
        return razorpayError(400, 'The first min partial amount must be atleast INR 1.00', 'first_min_partial_amount');
      }
      if (body.first_min_partial_amount >= body.amount) {
        return razorpayError(
          400,
          'first_min_partial_amount should be less than the amount',
          'first_min_partial_amount',
        );
      }
    }
    if (body.notify !== undefined) {
      const n = body.notify;
      const fine =
        n &&
        typeof n === 'object' &&
        Object.entries(n).every(([k, v]) => ['sms', 'email'].includes(k) && typeof v === 'boolean');
      if (!fine) return razorpayError(400, 'notify must have only sms and email, true or false', 'notify');
    }
    if (body.notes !== undefined) {
      const n = body.notes;
      if (!n || typeof n !== 'object' || Array.isArray(n) || Object.keys(n).length > 15) {
        return razorpayError(400, 'notes must be an object of at most 15 keys', 'notes');
      }
      if (Object.values(n).some((v) => typeof v !== 'string' || v.length > 256)) {
        return razorpayError(400, 'each note must be a string of at most 256 characters', 'notes');
      }
    }
    if (body.callback_method !== undefined && body.callback_method !== 'get') {
      return razorpayError(400, 'The callback method must be get', 'callback_method');
    }
    if (body.callback_url !== undefined && body.callback_method === undefined) {
      return razorpayError(400, 'callback_method is required when callback_url is given', 'callback_method');
    }
    const nowS = seconds(now());
    const link = {
      id: razorpayId('plink'),
      accept_partial: body.accept_partial ?? false,
      amount: body.amount,
      amount_paid: 0,
      callback_method: body.callback_method ?? '',
      callback_url: body.callback_url ?? '',
      cancelled_at: 0,
      created_at: nowS,
      currency: body.currency ?? 'INR',
      customer: body.customer ?? {},
      description: body.description ?? '',
      expire_by: body.expire_by ?? 0,
      expired_at: 0,
      first_min_partial_amount: body.first_min_partial_amount ?? 0,
      notes: body.notes ?? null,
      notify: { sms: true, email: true, ...body.notify },
      order_id: razorpayId('order'),
      payments: null,
      reference_id: body.reference_id ?? '',
      reminder_enable: body.reminder_enable ?? false,
      reminders: [],
      short_url: `https://rzp.io/rzp/${razorpayId('x', 8).slice(2)}`,
      status: 'created',
      updated_at: nowS,
      upi_link: body.upi_link ?? false,
      user_id: '',
    };
    links.set(link.id, link);
    return Response.json(link);
  }

  function fetchLink(id) {
    const link = links.get(id);
    return link ? Response.json(link) : razorpayError(400, 'The id provided does not exist', 'id');
  }

  function cancel(id) {
    const link = links.get(id);
    if (!link) return razorpayError(400, 'The id provided does not exist', 'id');
    if (!ACTIVE.includes(link.status)) {
      return razorpayError(400, `Payment Link cannot be cancelled as it is already ${link.status}`);
    }
    Object.assign(link, { status: 'cancelled', cancelled_at: seconds(now()), updated_at: seconds(now()) });
    return Response.json(link);
  }

  function refund(paymentId, body) {
    const odd = Object.keys(body).filter((k) => !['amount', 'speed', 'notes', 'receipt'].includes(k));
    if (odd.length > 0) return razorpayError(400, `${odd.join(', ')} is/are not required and should not be sent`);
    const payment = payments.get(paymentId);
    if (!payment) return razorpayError(400, 'The id provided does not exist', 'id');
    const left = payment.amount - payment.amount_refunded;
    const amount = body.amount ?? left;
    if (!whole(amount) || amount < 100) return razorpayError(400, 'The amount must be atleast INR 1.00', 'amount');
    if (amount > left) {
      return razorpayError(400, 'The refund amount provided is greater than amount captured', 'amount');
    }
    if (body.speed !== undefined && !['normal', 'optimum'].includes(body.speed)) {
      return razorpayError(400, 'The selected speed is invalid.', 'speed');
    }
    payment.amount_refunded += amount;
    const created = {
      id: razorpayId('rfnd'),
      entity: 'refund',
      amount,
      currency: 'INR',
      payment_id: paymentId,
      notes: body.notes ?? [],
      receipt: body.receipt ?? null,
      acquirer_data: { arn: null },
      created_at: seconds(now()),
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: body.speed ?? 'normal',
    };
    refunds.set(created.id, created);
    return Response.json(created);
  }

  return razorpay;
}
