import { readConfig, type Env } from '../env';
import type { PaymentProvider } from './provider';
import { RazorpayProvider } from './razorpay';

/** The payment tool of the site's settings; undefined when payments are off or not set up (the reason is in config). */
export function getPaymentProvider(env: Env): PaymentProvider | undefined {
  const provider = readConfig(env).payments.provider;
  if (!provider?.ok) return undefined;
  return new RazorpayProvider(provider);
}
