// Types for razorpay.mjs, so the Playwright journeys (TypeScript) can import it.
import type { Razorpay } from '../razorpay/razorpay-rules.mjs';
export declare const RAZORPAY_EXPECT: { keyId: string; keySecret: string; webhookSecret: string };
export declare const razorpay: Razorpay;
