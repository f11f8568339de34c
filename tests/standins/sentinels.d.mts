export declare const SENTINELS: {
  WHATSAPP_TOKEN: string;
  OWNER_PHONES: string;
  FIRESTORE_PRIVATE_KEY: string;
  FIRESTORE_CLIENT_EMAIL: string;
  TURNSTILE_SECRET_KEY: string;
  WHATSAPP_WEBHOOK_VERIFY_TOKEN: string;
  WHATSAPP_APP_SECRET: string;
  OWNER_EMAILS: string;
  OPERATOR_EMAIL: string;
  HEALTHCHECK_URL: string;
  UNSUBSCRIBE_SECRET: string;
  ERASURE_KEY: string;
  KIT_API_KEY: string;
  MAILCHIMP_API_KEY: string;
  CALCOM_WEBHOOK_SECRET: string;
  CALENDLY_WEBHOOK_SIGNING_KEY: string;
};
export declare function sentinelNeedles(): string[];
