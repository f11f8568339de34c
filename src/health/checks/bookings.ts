import type { Config } from '../../config/index';
import { health as copy } from '../../words/health';
import { off, ok, unchecked, type Check } from './check';

/**
 * The booking webhooks, as information: which tool BOOKING_PROVIDER names and which webhook takes bookings. Never
 * a failure: without them the site works as before (bookings just do not come back). A tool named without its
 * key outside development is a warning in the detail, since the owners then expect calls on the desk that never
 * come.
 */
export async function checkBookings(config: Config): Promise<Check> {
  const { provider, calcomSecret, calendlySigningKey } = config.bookings;
  const on = [calcomSecret && 'Cal.com', calendlySigningKey && 'Calendly'].filter((t): t is string => Boolean(t));
  const named = provider === 'calcom' ? 'Cal.com' : provider === 'calendly' ? 'Calendly' : undefined;
  const c = copy.bookings;
  if (named && !on.includes(named)) {
    const key = provider === 'calcom' ? 'CALCOM_WEBHOOK_SECRET' : 'CALENDLY_WEBHOOK_SIGNING_KEY';
    return config.environment === 'development'
      ? unchecked('bookings', c.notSetLocally(named))
      : off('bookings', c.keyMissing(named, key));
  }
  if (on.length === 0) return off('bookings', c.none);
  return ok('bookings', c.on(on, named));
}
