// Types for kit-rules.mjs, so the workerd stand-in (TypeScript) can import it.
export interface KitSubscriber {
  id: number;
  email_address: string;
  first_name: string | null;
  state: 'active' | 'inactive' | 'cancelled' | 'complained' | 'bounced';
  created_at: string;
  forms: Set<number>;
  /** The names of the tags it has. */
  tags: Set<string>;
}
export interface Kit {
  apiKey: string;
  forms: { id: number; name: string }[];
  tags: Map<string, { id: number; name: string; created_at: string }>;
  subscribers: Map<string, KitSubscriber>;
  optIns: { formId: number; email: string }[];
  calls: { method: string; path: string }[];
  fail: { status: number; times?: number } | undefined;
  handle(request: Request): Promise<Response>;
}
export declare function createKit(options: { apiKey: string; forms?: { id: number; name: string }[] }): Kit;
