import { env } from 'cloudflare:test';
import { afterEach, expect, it, vi } from 'vitest';
import { loggedEvents } from '../../support/logs';
import { enqueue } from '../../../src/queue/jobs';
import { enquiryLead } from '../../fixtures/leads';

afterEach(() => {
  vi.unstubAllGlobals();
});

// The test Worker has no WhatsApp credentials (like `npm run dev` offline), so the
// real queue delivers the job to the Worker's consumer, which uses the log sender.
it('runs the whole pipeline through the real queue offline: logged, masked, recorded as sent to the log', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const fetch = vi.fn(() => Promise.reject(new Error('no network in offline mode')));
  vi.stubGlobal('fetch', fetch);
  const lead = enquiryLead();

  await enqueue(env, { type: 'notify', lead });

  const row = await vi.waitFor(
    async () => {
      const found = await env.DB.prepare('SELECT * FROM deliveries WHERE submission_id = ?').bind(lead.id).first();
      expect(found?.status).toBe('sent');
      return found;
    },
    { timeout: 10_000, interval: 100 },
  );
  // No OWNER_PHONES in the test Worker: only the visitor's message is due.
  expect(row).toMatchObject({ template: 'journey_users', recipient: '+919812345678', channel: 'log', attempts: 1 });
  expect(fetch).not.toHaveBeenCalled();
  // The log shows what was sent and to whom, masked; never the visitor's name or number.
  const sent = loggedEvents(log).filter((l) => l.event === 'delivery.sent' && l.channel === 'log');
  expect(sent).toContainEqual({
    event: 'delivery.sent',
    level: 'info',
    channel: 'log',
    template: 'journey_users',
    to: '+91******5678',
    parameters: 1,
  });
  expect(JSON.stringify(log.mock.calls)).not.toContain('Asha Verma');
  expect(JSON.stringify(log.mock.calls)).not.toContain('+919812345678');
});
