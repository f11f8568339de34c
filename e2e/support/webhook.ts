import { envelope, signature } from '../../tests/support/whatsapp-envelope';

/** The status webhook's secrets the e2e server gives the Worker (scripts/dev/e2e-server.mjs). */
export const WEBHOOK = { verifyToken: 'e2e-verify-token', appSecret: 'e2e-app-secret' };

/** One status event as Meta posts it: `entry[].changes[].value.statuses[]`. */
export function statusEvent(wamid: string, status: 'sent' | 'delivered' | 'read' | 'failed', recipient: string) {
  return envelope({
    statuses: [
      {
        id: wamid,
        status,
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: recipient.replace(/^\+/, ''),
      },
    ],
  });
}

/** A visitor's text message to the business number as Meta posts it: `entry[].changes[].value.messages[]`. */
export function messageEvent(from: string, text: string, profileName = 'Visitor') {
  const digits = from.replace(/^\+/, '');
  return envelope({
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
  });
}

/** Posts an event to the Worker's webhook signed as Meta signs it (X-Hub-Signature-256 over the raw body). */
export async function postSigned(baseURL: string, event: unknown): Promise<Response> {
  const body = JSON.stringify(event);
  return fetch(`${baseURL}/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': await signature(body, WEBHOOK.appSecret) },
    body,
  });
}
