export declare const SENTINELS: {
  WHATSAPP_TOKEN: string;
  OWNER_PHONES: string;
  FIRESTORE_PRIVATE_KEY: string;
  FIRESTORE_CLIENT_EMAIL: string;
  TURNSTILE_SECRET_KEY: string;
};
export declare function sentinelNeedles(): string[];
