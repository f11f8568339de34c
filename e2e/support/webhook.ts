import { createHmac } from 'node:crypto';

/** The status webhook's secrets the e2e server gives the Worker (scripts/e2e-server.mjs). */
export const WEBHOOK = { verifyToken: 'e2e-verify-token', appSecret: 'e2e-app-secret' };

/** One status event as Meta posts it: `entry[].changes[].value.statuses[]`. */
export function statusEvent(wamid: string, status: 'sent' | 'delivered' | 'read' | 'failed', recipient: string) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '200000000000002',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '919800000000', phone_number_id: '100000000000001' },
              statuses: [
                {
                  id: wamid,
                  status,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: recipient.replace(/^\+/, ''),
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

/** A visitor's text message to the business number as Meta posts it: `entry[].changes[].value.messages[]`. */
export function messageEvent(from: string, text: string, profileName = 'Visitor') {
  const digits = from.replace(/^\+/, '');
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '200000000000002',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '919800000000', phone_number_id: '100000000000001' },
              contacts: [{ profile: { name: profileName }, wa_id: digits }],
              messages: [
                {
                  from: digits,
                  id: `wamid.E2E${crypto.randomUUID().replace(/-/g, '')}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

/** Posts an event to the Worker's webhook signed as Meta signs it (X-Hub-Signature-256 over the raw body). */
export async function postSigned(baseURL: string, event: unknown): Promise<Response> {
  const body = JSON.stringify(event);
  const signature = createHmac('sha256', WEBHOOK.appSecret).update(body).digest('hex');
  return fetch(`${baseURL}/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` },
    body,
  });
}
