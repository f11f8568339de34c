// Recognisable stand-in values for every secret, used by the e2e server and the secrets tests:
// if one of these strings ever appears in a built asset or a response, a secret has leaked.
export const SENTINELS = {
  WHATSAPP_TOKEN: 'SENTINEL-whatsapp-token-5d1f0c',
  OWNER_PHONES: '+919800000001,+919800000002',
  FIRESTORE_PRIVATE_KEY: 'SENTINEL-firestore-private-key-8a2b',
  FIRESTORE_CLIENT_EMAIL: 'sentinel-writer@sentinel-project.iam.gserviceaccount.com',
  TURNSTILE_SECRET_KEY: 'SENTINEL-turnstile-secret-3e9d',
  WHATSAPP_WEBHOOK_VERIFY_TOKEN: 'SENTINEL-webhook-verify-token-61fa',
  WHATSAPP_APP_SECRET: 'SENTINEL-app-secret-0b7d',
  OWNER_EMAILS: 'sentinel-owner-a@owners.example,sentinel-owner-b@owners.example',
  OPERATOR_EMAIL: 'sentinel-operator@owners.example',
  HEALTHCHECK_URL: 'https://hc.sentinel.test/ping/SENTINEL-heartbeat-7c4e',
  UNSUBSCRIBE_SECRET: 'SENTINEL-unsubscribe-secret-9f2a-long-enough-for-production',
  ERASURE_KEY: 'SENTINEL-erasure-key-2d8b-long-enough-for-production',
  KIT_API_KEY: 'SENTINEL-kit-api-key-4c1e',
  MAILCHIMP_API_KEY: 'SENTINEL-mailchimp-key-77d0-us21',
  CALCOM_WEBHOOK_SECRET: 'SENTINEL-calcom-webhook-secret-a41c',
  CALENDLY_WEBHOOK_SIGNING_KEY: 'SENTINEL-calendly-signing-key-e05b',
  RAZORPAY_KEY_SECRET: 'SENTINEL-razorpay-key-secret-6b3e',
  RAZORPAY_WEBHOOK_SECRET: 'SENTINEL-razorpay-webhook-secret-c58a',
};

/** The strings to search for: each secret whole, and each owner number in the forms a page might print it. */
export function sentinelNeedles() {
  const owners = SENTINELS.OWNER_PHONES.split(',').flatMap((p) => [p, p.slice(1), p.slice(3)]);
  return [
    SENTINELS.WHATSAPP_TOKEN,
    SENTINELS.FIRESTORE_PRIVATE_KEY,
    SENTINELS.FIRESTORE_CLIENT_EMAIL,
    SENTINELS.TURNSTILE_SECRET_KEY,
    SENTINELS.WHATSAPP_WEBHOOK_VERIFY_TOKEN,
    SENTINELS.WHATSAPP_APP_SECRET,
    ...SENTINELS.OWNER_EMAILS.split(','),
    SENTINELS.OPERATOR_EMAIL,
    SENTINELS.HEALTHCHECK_URL,
    SENTINELS.UNSUBSCRIBE_SECRET,
    SENTINELS.ERASURE_KEY,
    SENTINELS.KIT_API_KEY,
    SENTINELS.MAILCHIMP_API_KEY,
    SENTINELS.CALCOM_WEBHOOK_SECRET,
    SENTINELS.CALENDLY_WEBHOOK_SIGNING_KEY,
    SENTINELS.RAZORPAY_KEY_SECRET,
    SENTINELS.RAZORPAY_WEBHOOK_SECRET,
    ...owners,
  ];
}
