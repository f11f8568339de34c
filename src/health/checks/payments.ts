import type { Config } from '../../config/index';
import { health as copy } from '../../words/health';
import { failing, off, ok, unchecked, type Check } from './check';

/**
 * Payments, from the settings alone (no call to Razorpay every 15 minutes; the preflight's live check proves the
 * key). Off when PAYMENT_PROVIDER is empty: the site works as before. A provider named without what it needs fails
 * outside development, since the owners then see a payment form that refuses every request; a missing webhook
 * secret is a warning, since links still go out but what is paid never comes back to the desk.
 */
export async function checkPayments(config: Config): Promise<Check> {
  const { provider, webhookSecret, issuer } = config.payments;
  const c = copy.payments;
  if (!provider) return off('payments', c.none);
  const local = config.environment === 'development';
  if (!provider.ok)
    return local ? unchecked('payments', c.notSetLocally) : failing('payments', c.broken(provider.reason));
  if (webhookSecret === undefined)
    return local ? unchecked('payments', c.notSetLocally) : off('payments', c.webhookMissing);
  const test = provider.keyId.startsWith('rzp_test_');
  return ok('payments', c.on(test, issuer.gst !== undefined));
}
