/**
 * The WhatsApp webhook's body as Meta posts it, and its signature: what both the workerd tests and the Playwright
 * journeys post to /webhooks/whatsapp. Plain JavaScript and web APIs only (WebCrypto), so Node and workerd import it.
 */

/** The business account and number the tests' Worker is configured with (scripts/dev/e2e-server.mjs uses the same id). */
export const BUSINESS = {
  accountId: '200000000000002',
  displayPhoneNumber: '919800000000',
  phoneNumberId: '100000000000001',
};

/** What one change of the `messages` field carries: a visitor's messages with their profiles, or statuses. */
export interface ChangeValue {
  messages?: unknown[];
  statuses?: unknown[];
  contacts?: unknown[];
}

/** One webhook body: `entry[].changes[]` with one change of the `messages` field, from the business number. */
export function envelope(value: ChangeValue) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: BUSINESS.accountId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: BUSINESS.displayPhoneNumber, phone_number_id: BUSINESS.phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** `sha256=<hex>`: the X-Hub-Signature-256 header Meta sends, an HMAC-SHA256 of the raw body with the app secret. */
export async function signature(body: string, appSecret: string): Promise<string> {
  return `sha256=${await hmacHex(appSecret, body)}`;
}

/** Hex HMAC-SHA256 of `data` (text as UTF-8, or bytes as they are): what every signed webhook sends. */
export async function hmacHex(secret: string, data: string | Uint8Array): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, bytes as Uint8Array<ArrayBuffer>));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}
