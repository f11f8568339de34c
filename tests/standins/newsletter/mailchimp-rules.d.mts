// Types for mailchimp-rules.mjs, so the workerd stand-in (TypeScript) can import it.
export interface MailchimpMember {
  id: string;
  listId: string;
  email_address: string;
  status: string;
  /** The names of its active tags. */
  tags: string[];
}
export interface Mailchimp {
  apiKey: string;
  lists: { id: string; name: string }[];
  members: Map<string, MailchimpMember>;
  confirmations: { listId: string; email: string }[];
  /** Members deleted for good (delete-permanent). */
  deleted: { listId: string; email: string }[];
  calls: { method: string; path: string }[];
  /** Lower-cased addresses it refuses as fake (400, the detail naming the address). */
  fakes: Set<string>;
  fail: { status: number; times?: number } | undefined;
  handle(request: Request): Promise<Response>;
}
export declare function createMailchimp(options: {
  apiKey: string;
  lists?: { id: string; name: string }[];
  md5: (text: string) => Promise<string>;
}): Mailchimp;
