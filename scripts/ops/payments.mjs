// What the preflight says of payments: whether owners can ask for payment (PAYMENT_PROVIDER and its key), whether
// paid links come back (RAZORPAY_WEBHOOK_SECRET: /webhooks/razorpay answers 404 without it), and what a receipt is
// (a GST tax invoice with GSTIN and GST_STATE, a plain receipt otherwise). The key has a live check (live-checks.mjs);
// the webhook's secret has none: Razorpay's API cannot say whether a secret matches, a test payment proves it.

/**
 * The heading, one row per part ([part, state]) and the closing note of the preflight's payments section.
 * @param {import('../../src/config/index.ts').Config} config
 * @param {boolean} secretsKnown whether the preflight can tell which secrets are set
 */
export function paymentsSection(config, secretsKnown) {
  const { provider, webhookSecret, issuer } = config.payments;
  if (!provider) {
    return {
      heading: 'payments (PAYMENT_PROVIDER is not set: no payment form on the desk, /webhooks/razorpay answers 404)',
      rows: [],
      note: '',
    };
  }
  const rows = [];
  const unknown = (setting) => `unknown: cannot tell whether ${setting} is set`;
  if (!secretsKnown) rows.push(['payment links', unknown('RAZORPAY_KEY_SECRET')]);
  else if (!provider.ok) rows.push(['payment links', `off: ${provider.reason}`]);
  else {
    const mode = provider.keyId.startsWith('rzp_live_') ? 'live key: real money' : 'test key: no real money';
    rows.push(['payment links', `on: ${provider.keyId} (${mode})`]);
  }
  const secretProblem = config.problems.find((p) => p.setting === 'RAZORPAY_WEBHOOK_SECRET');
  if (!secretsKnown) rows.push(['/webhooks/razorpay', unknown('RAZORPAY_WEBHOOK_SECRET')]);
  else if (secretProblem) rows.push(['/webhooks/razorpay', `off: ${secretProblem.message}`]);
  else if (webhookSecret === undefined)
    rows.push([
      '/webhooks/razorpay',
      'off: RAZORPAY_WEBHOOK_SECRET is not set, so the route answers 404 and no payment comes back',
    ]);
  else rows.push(['/webhooks/razorpay', 'on: RAZORPAY_WEBHOOK_SECRET is set; signed payments and refunds come back']);
  rows.push([
    'receipts',
    issuer.gst
      ? `GST tax invoices (GSTIN ${issuer.gst.gstin}, state ${issuer.gst.state}), numbered ${issuer.prefix}/<year>/0001`
      : `plain receipts, not tax invoices (GSTIN is not set), numbered ${issuer.prefix}/<year>/0001`,
  ]);
  const note =
    'the key has a live check (--live); the webhook secret has none: Razorpay cannot be asked whether it matches. ' +
    'Make a test payment in test mode (docs/deploy.md, "Payments").';
  return { heading: `payments (PAYMENT_PROVIDER=${provider.name}):`, rows, note };
}
