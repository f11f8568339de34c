/** The self-check's line on the booking webhooks: information, never a failure; a tool without its key, a warning. */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/index';
import { checkBookings } from '../../src/health/checks/bookings';

const KEY = 'a-webhook-key-of-32-characters!!';
const deployed = (raw: Record<string, string>) => parseConfig({ ENVIRONMENT: 'production', ...raw });

describe('the booking webhooks on /desk/health', () => {
  it('with nothing set: not in use (nothing is broken), and says bookings do not come back', async () => {
    for (const config of [parseConfig({}), deployed({})]) {
      expect(await checkBookings(config)).toEqual({
        name: 'bookings',
        ok: true,
        state: 'off',
        detail: expect.stringContaining('No booking webhook'),
      });
    }
  });

  it('names the tool whose webhook is on, and whose links carry the reference', async () => {
    const check = await checkBookings(deployed({ BOOKING_PROVIDER: 'calcom', CALCOM_WEBHOOK_SECRET: KEY }));
    expect(check.ok).toBe(true);
    expect(check.detail).toBe(
      'Cal.com sends booked, moved and cancelled calls to the desk. "Book a call" links carry each lead\'s reference for Cal.com.',
    );
    const both = await checkBookings(deployed({ CALCOM_WEBHOOK_SECRET: KEY, CALENDLY_WEBHOOK_SIGNING_KEY: KEY }));
    expect(both.detail).toMatch(/^Cal\.com and Calendly send .* carry no reference \(BOOKING_PROVIDER is not set\)/);
  });

  it('warns, without failing, when the named tool has no key outside development; only says so locally', async () => {
    const check = await checkBookings(deployed({ BOOKING_PROVIDER: 'calendly', CALCOM_WEBHOOK_SECRET: KEY }));
    expect(check).toEqual({
      name: 'bookings',
      ok: true,
      state: 'off',
      detail:
        'Warning: BOOKING_PROVIDER names Calendly but CALENDLY_WEBHOOK_SIGNING_KEY is not set, so calls booked on Calendly do not come back to the desk. Set it (docs/deploy.md, "Booking webhooks").',
    });
    const local = await checkBookings(parseConfig({ BOOKING_PROVIDER: 'calcom' }));
    expect(local.ok).toBe(true);
    expect(local.state).toBe('unchecked');
    expect(local.detail).not.toContain('Warning');
    expect(local.detail).toContain('(development)');
  });

  it('never shows a key', async () => {
    const check = await checkBookings(deployed({ BOOKING_PROVIDER: 'calcom', CALCOM_WEBHOOK_SECRET: KEY }));
    expect(JSON.stringify(check)).not.toContain(KEY);
  });
});
