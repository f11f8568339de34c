// The Razorpay stand-in for `wrangler dev` runs (Playwright) and the operator scripts, with the rules the workerd
// tests' stand-in uses too (../razorpay/razorpay-rules.mjs): RAZORPAY_API_URL is http(s)://127.0.0.1:<port>/razorpay,
// so the Worker calls /razorpay/v1/…. Control: POST /__control {service: 'razorpay', fail: {status, times?}} or
// {keySecret} (another key); what it was asked is in the control state (received.razorpay).
// Test controls for the journeys: POST /__razorpay/pay {linkId, amount?, method?} marks a link paid (or partly) as
// Razorpay's checkout would, and answers {payment, link, event, signature}: the `payment_link.paid` (or
// `.partially_paid`) webhook body to post to /webhooks/razorpay, signed with RAZORPAY_EXPECT.webhookSecret.
// GET /__razorpay answers {links, payments, refunds}.
import { register, registerFetch } from './index.mjs';
import { createRazorpay } from '../razorpay/razorpay-rules.mjs';

/** Must match the settings scripts/dev/e2e-server.mjs and the operator tests give. */
export const RAZORPAY_EXPECT = {
  keyId: 'rzp_test_StandinKey0001',
  keySecret: 'standin-key-secret-0001',
  webhookSecret: 'standin-webhook-secret-0001',
};

export const razorpay = createRazorpay({ keyId: RAZORPAY_EXPECT.keyId, keySecret: RAZORPAY_EXPECT.keySecret });

/** Applies what the control API last set (a new object after each POST /__control): a failure, or another key. */
function controlled(config) {
  if (config === razorpay.applied) return;
  razorpay.applied = config;
  razorpay.fail = config.fail;
  razorpay.keySecret = config.keySecret ?? RAZORPAY_EXPECT.keySecret;
}

registerFetch('razorpay', (request, config) => {
  controlled(config);
  return razorpay.handle(request);
});

register('__razorpay', async ({ req, body }) => {
  if (req.method === 'POST') {
    try {
      const { linkId, amount, method } = JSON.parse(body || '{}');
      const { payment, link } = razorpay.pay(linkId, { amount, method });
      const event = razorpay.event(link.status === 'paid' ? 'payment_link.paid' : 'payment_link.partially_paid', {
        payment_link: link,
        order: { id: link.order_id, entity: 'order', amount: link.amount, amount_paid: link.amount_paid },
        payment,
      });
      const signature = await razorpay.sign(event, RAZORPAY_EXPECT.webhookSecret);
      return { status: 200, body: JSON.stringify({ payment, link, event, signature }) };
    } catch (error) {
      return { status: 400, body: JSON.stringify({ error: String(error) }) };
    }
  }
  return {
    status: 200,
    body: JSON.stringify({
      links: [...razorpay.links.values()],
      payments: [...razorpay.payments.values()],
      refunds: [...razorpay.refunds.values()],
    }),
  };
});
