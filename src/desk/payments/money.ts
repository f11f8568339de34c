import { TIME_ZONE } from '../../words/site';

export { rupees } from '../../payments/money';

const day = new Intl.DateTimeFormat('en-IN', {
  timeZone: TIME_ZONE.name,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** A day in the site's time zone: "5 Dec 2026". */
export function dayOf(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : day.format(ms);
}

/**
 * Rupees as an owner types them (`4999`, `4,999`, `₹ 4,999.50`) in paise, or null when it is not an amount: a
 * whole number of rupees, grouped or not, and at most two digits of paise.
 */
export function paiseOf(typed: string): number | null {
  const s = typed.trim().replace(/^₹\s*/, '');
  const m = /^(\d{1,3}(?:,\d{2,3})+|\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const whole = Number(m[1]!.replace(/,/g, ''));
  const paise = Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(whole) ? whole * 100 + paise : null;
}

/** How Razorpay names the ways to pay, as an owner reads them on the desk and a receipt. */
const METHODS: Record<string, string> = {
  upi: 'UPI',
  card: 'Card',
  netbanking: 'Netbanking',
  wallet: 'Wallet',
  emi: 'EMI',
  cardless_emi: 'Cardless EMI',
  paylater: 'Pay later',
  bank_transfer: 'Bank transfer',
};

/** A payment method's name for people; one Razorpay adds later shows as it sent it. */
export function methodName(method: string): string {
  return METHODS[method] ?? method;
}
