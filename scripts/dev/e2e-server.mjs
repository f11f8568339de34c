// Serves the site for the Playwright suite: builds the client, starts the outside-service
// stand-ins, applies migrations to a dedicated local state folder and runs `wrangler dev`
// pointed at the stand-ins. Stops everything it started on SIGTERM/SIGINT.
import { prepareLocalState, spawnWranglerDev } from './local-worker.mjs';
import { SENTINELS } from '../../tests/standins/sentinels.mjs';
import { startStandins } from '../../tests/standins/http/index.mjs';
import '../../tests/standins/http/graph.mjs';
import '../../tests/standins/http/youtube.mjs';
import '../../tests/standins/http/podcast.mjs';
import { NEWSLETTER_EXPECT } from '../../tests/standins/http/newsletter.mjs';
import '../../tests/standins/http/booking.mjs';
import { RAZORPAY_EXPECT } from '../../tests/standins/http/razorpay.mjs';
import { ACCESS_AUD } from '../../tests/standins/http/access.mjs';
import {
  KIT_WEBHOOK_TEST_SECRET,
  MAILCHIMP_WEBHOOK_TEST_SECRET,
} from '../../tests/standins/newsletter/tool-webhooks.mjs';

export const E2E_PORT = Number(process.env.E2E_PORT || 8788);
export const STANDIN_PORT = Number(process.env.STANDIN_PORT || 8790);
export const E2E_STATE = `.wrangler/e2e-state-${E2E_PORT}`;

prepareLocalState(E2E_STATE);
const standins = await startStandins(STANDIN_PORT);

const base = `http://127.0.0.1:${STANDIN_PORT}`;
const vars = {
  SITE_URL: `http://127.0.0.1:${E2E_PORT}`,
  WHATSAPP_API_URL: `${base}/graph`,
  WHATSAPP_TOKEN: SENTINELS.WHATSAPP_TOKEN,
  WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
  OWNER_PHONES: SENTINELS.OWNER_PHONES,
  OWNER_NAMES: 'Priya,Arjun',
  // The owners' second channel: in development each email is logged and recorded in the ledger.
  OWNER_EMAILS: 'priya@example.com,arjun@example.com',
  // Must match e2e/support/webhook.ts: the journeys post signed status events.
  WHATSAPP_WEBHOOK_VERIFY_TOKEN: 'e2e-verify-token',
  WHATSAPP_APP_SECRET: 'e2e-app-secret',
  // The journeys send well over 20 leads within an hour: each must reach the owners on its own, not in a digest.
  // The budgets themselves are tested in tests/notify/ledger/budgets.test.ts and by `npm run abuse`.
  OWNER_ALERTS_PER_HOUR: '100000',
  VISITOR_MESSAGES_DAILY_BUDGET: '100000',
  YOUTUBE_FEED_URL: `${base}/youtube/feeds/videos.xml`,
  YOUTUBE_THUMB_URL: `${base}/youtube`,
  // The feed answers 404 until a journey turns it on (e2e/feeds/podcast-feed.spec.ts): the published episodes show.
  PODCAST_FEED_URL: `${base}/podcast/feed.xml`,
  // The quiz's result goes by email through wrangler's local send_email binding, which keeps each one (listed at
  // /cdn-cgi/local/explorer/api/local/email/sending) and sends none; "Book a call" leads to the booking stand-in.
  RESULT_EMAIL_FROM: 'priya@coach.localhost',
  BOOKING_URL: `${base}/booking`,
  // Its link carries the response's booking reference as Cal.com booking metadata (e2e/quiz/quiz-follow-up.spec.ts).
  BOOKING_PROVIDER: 'calcom',
  // Must match e2e/bookings/bookings.spec.ts: the journey posts a signed booking as Cal.com would.
  CALCOM_WEBHOOK_SECRET: 'e2e-calcom-webhook-secret',
  // The desk verifies assertions signed by the Access stand-in (development allows its http address).
  ACCESS_TEAM_DOMAIN: `${base}/access`,
  ACCESS_AUD,
  // Every signup goes on to the Kit stand-in (e2e/forms/unsubscribe.spec.ts checks it arrives once).
  NEWSLETTER_PROVIDER: 'kit',
  KIT_API_URL: `${base}/kit`,
  KIT_API_KEY: NEWSLETTER_EXPECT.kitApiKey,
  KIT_FORM_ID: String(NEWSLETTER_EXPECT.kitFormId),
  // The tool's events come back (e2e/guides/tool-events.spec.ts posts a Kit delivery signed with this secret).
  KIT_WEBHOOK_SECRET: KIT_WEBHOOK_TEST_SECRET,
  MAILCHIMP_WEBHOOK_SECRET: MAILCHIMP_WEBHOOK_TEST_SECRET,
  // Payments through the Razorpay stand-in (e2e/payments/payments.spec.ts): the journey marks a link paid with
  // POST /__razorpay/pay and posts the signed payment_link.paid it answers, signed with this webhook secret.
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_API_URL: `${base}/razorpay`,
  RAZORPAY_KEY_ID: RAZORPAY_EXPECT.keyId,
  RAZORPAY_KEY_SECRET: RAZORPAY_EXPECT.keySecret,
  RAZORPAY_WEBHOOK_SECRET: RAZORPAY_EXPECT.webhookSecret,
  // Receipts are GST tax invoices from Karnataka (29): a buyer there pays CGST and SGST, elsewhere IGST.
  BUSINESS_NAME: 'Priya Raman Coaching',
  BUSINESS_ADDRESS: '12 MG Road, Bengaluru 560001',
  GSTIN: '29ABCDE1234F1Z5',
  GST_STATE: '29',
};
const child = spawnWranglerDev({ port: E2E_PORT, state: E2E_STATE, vars, stdout: 'inherit', testScheduled: true });
const stop = () => {
  child.kill('SIGTERM');
  standins.close();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  standins.close();
  process.exit(code ?? 0);
});
