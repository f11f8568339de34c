// Kit's and Mailchimp's webhooks as the tools send them (issue 59), for the workerd tests and the e2e server alike:
// Kit's JSON delivery signed with X-Kit-Signature, a forged one, and Mailchimp's unsigned form post. Web Crypto
// only, so it runs in Node and in workerd. Field names from developers.kit.com/webhooks (delivery format,
// verifying signatures) and Mailchimp's webhook posts (type, fired_at, data[…]).

/** The local secrets the tests and the e2e server set (never a real tool's). */
export const KIT_WEBHOOK_TEST_SECRET = 'standin-kit-webhook-secret-0001';
export const MAILCHIMP_WEBHOOK_TEST_SECRET = 'standin-mailchimp-webhook-secret-0000000001';

let counter = 0;

/** One Kit event about a subscriber; `id` a fresh UUID unless given, `created` now unless given. */
export function kitEvent({ type = 'subscriber.unsubscribed', email, id, created, state } = {}) {
  counter += 1;
  return {
    id: id ?? crypto.randomUUID(),
    type,
    created: created ?? new Date().toISOString(),
    data: {
      subscriber: {
        id: 1000 + counter,
        first_name: 'Asha',
        email_address: email ?? 'asha@example.com',
        state: state ?? (type === 'subscriber.unsubscribed' ? 'cancelled' : 'active'),
        created_at: '2026-01-01T00:00:00Z',
        fields: {},
      },
    },
  };
}

/** A Kit delivery of the given events, as raw JSON text (the bytes that are signed). */
export function kitDelivery(events, deliveryId = 123456) {
  return JSON.stringify({ delivery_id: deliveryId, events });
}

/** Hex HMAC-SHA256 of `data` (text as UTF-8, or bytes) with `secret`. */
async function hmacHex(secret, data) {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, bytes));
  return [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * X-Kit-Signature of a raw body: `t=<seconds>,v1=<hex>`, one v1 per secret (Kit sends several while it rotates).
 */
export async function signKit(raw, { secrets = [KIT_WEBHOOK_TEST_SECRET], at = new Date() } = {}) {
  const t = Math.floor(at.getTime() / 1000);
  const macs = await Promise.all(secrets.map((secret) => hmacHex(secret, `${t}.${raw}`)));
  return [`t=${t}`, ...macs.map((mac) => `v1=${mac}`)].join(',');
}

/** A forged X-Kit-Signature: well formed, current, and signed with a secret that is not the site's. */
export function forgeKit(raw, at = new Date()) {
  return signKit(raw, { secrets: ['not-the-sites-kit-webhook-secret'], at });
}

/** The request init of a Kit delivery, signed with the test secret unless `signature` is given (null: none). */
export async function kitRequest(raw, { signature, at } = {}) {
  const header = signature !== undefined ? signature : await signKit(raw, { at });
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(header !== null && { 'x-kit-signature': header }) },
    body: raw,
  };
}

/**
 * A Mailchimp webhook post's form body: `type` with its `data[…]` fields. `fired_at` is Mailchimp's
 * `YYYY-MM-DD HH:MM:SS` (UTC); upemail names the old and the new address, cleaned a reason (hard or abuse).
 */
export function mailchimpForm({ type = 'unsubscribe', email = 'asha@example.com', firedAt, reason, newEmail } = {}) {
  const fired = (firedAt ?? new Date()).toISOString().slice(0, 19).replace('T', ' ');
  const form = new URLSearchParams({ type, fired_at: fired });
  if (type === 'upemail') {
    form.set('data[list_id]', 'a1b2c3d4e5');
    form.set('data[new_id]', '51aa6c9a3b');
    form.set('data[new_email]', newEmail ?? 'asha.new@example.com');
    form.set('data[old_email]', email);
  } else {
    form.set('data[id]', '8a25ff1d98');
    form.set('data[list_id]', 'a1b2c3d4e5');
    form.set('data[email]', email);
    form.set('data[email_type]', 'html');
    if (type === 'unsubscribe') {
      form.set('data[action]', 'unsub');
      form.set('data[reason]', reason ?? 'manual');
    }
    if (type === 'cleaned') {
      form.set('data[campaign_id]', '4fjk2ma9xd');
      form.set('data[reason]', reason ?? 'hard');
    }
  }
  return form.toString();
}

/** The request init of a Mailchimp post (unsigned: the secret is in the address). */
export function mailchimpRequest(body) {
  return { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body };
}
