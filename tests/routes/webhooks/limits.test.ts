/**
 * The webhook's body cap is Meta's documented maximum (3 MB): a batch of 1,000 statuses as Meta sends them, each
 * with its conversation, pricing and error objects, is measured here and accepted with room to spare.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { WEBHOOK_MAX_BYTES } from '../../../src/routes/webhooks/whatsapp';
import { loggedEvents } from '../../support/logs';
import { uniqueMobile } from '../../support/shared';
import { WEBHOOK_SECRETS, postWebhook, realWamid, webhookBody } from '../../support/whatsapp-webhook';

const T = 1_795_000_000;

/** One status as Meta reports a failed template message: every object it can carry, long texts included. */
function failedStatus(i: number) {
  const phone = uniqueMobile();
  return {
    id: realWamid(phone),
    status: 'failed',
    timestamp: String(T + i),
    recipient_id: phone.slice(1),
    biz_opaque_callback_data: `lead-${crypto.randomUUID()}`,
    conversation: {
      id: crypto.randomUUID().replace(/-/g, ''),
      expiration_timestamp: String(T + 86_400),
      origin: { type: 'utility' },
    },
    pricing: { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' },
    errors: [
      {
        code: 131049,
        title: 'This message was not delivered to maintain healthy ecosystem engagement.',
        message: 'This message was not delivered to maintain healthy ecosystem engagement.',
        error_data: {
          details:
            'In order to maintain a healthy ecosystem engagement, the message failed to be delivered. Marketing template messages are limited per user.',
        },
        href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
      },
    ],
  };
}

describe('POST /webhooks/whatsapp: the body cap', () => {
  it('accepts a batch of 1,000 statuses with errors, pricing and conversations, well under the cap', async () => {
    const spy = vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const body = webhookBody({ statuses: Array.from({ length: 1000 }, (_, i) => failedStatus(i)) });
    const bytes = new TextEncoder().encode(body).length;
    // About 1 KB a status: the cap holds such a batch three times over.
    expect(bytes).toBeGreaterThan(800_000);
    expect(bytes * 3).toBeLessThan(WEBHOOK_MAX_BYTES);
    expect(WEBHOOK_MAX_BYTES).toBeGreaterThanOrEqual(3_000_000);

    const res = await postWebhook({ ...env, ...WEBHOOK_SECRETS }, body);
    expect(res.status).toBe(200);
    expect(loggedEvents(spy).find((l) => l.event === 'webhook.received')).toMatchObject({
      statuses: 1000,
      messages: 0,
    });
  });
});
