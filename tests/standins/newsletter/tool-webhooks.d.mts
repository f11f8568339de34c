// Types for tool-webhooks.mjs, so the workerd tests (TypeScript) can import it.
export declare const KIT_WEBHOOK_TEST_SECRET: string;
export declare const MAILCHIMP_WEBHOOK_TEST_SECRET: string;
export interface KitEventInput {
  type?: string;
  email?: string;
  id?: string;
  created?: string;
  state?: string;
}
export declare function kitEvent(input?: KitEventInput): Record<string, unknown> & { id: string };
export declare function kitDelivery(events: unknown[], deliveryId?: number): string;
export declare function signKit(raw: string, options?: { secrets?: string[]; at?: Date }): Promise<string>;
export declare function forgeKit(raw: string, at?: Date): Promise<string>;
export declare function kitRequest(
  raw: string,
  options?: { signature?: string | null; at?: Date },
): Promise<RequestInit>;
export interface MailchimpInput {
  type?: 'unsubscribe' | 'cleaned' | 'upemail' | 'profile' | 'subscribe';
  email?: string;
  firedAt?: Date;
  reason?: string;
  newEmail?: string;
}
export declare function mailchimpForm(input?: MailchimpInput): string;
export declare function mailchimpRequest(body: string): RequestInit;
