/**
 * What the newsletter tool tells the site (issue 59): Kit's and Mailchimp's webhooks report that an address
 * unsubscribed, bounced, complained or changed at the tool. Each event is kept once by the tool's own id, so a
 * repeated delivery applies nothing twice; the newest event of an address by the time the tool gives it is what
 * stands, so a late event never undoes a later one. The site sends that address no result email and no guide from
 * then on, unless it subscribes anew on the site after the event.
 */
export const TOOL_EVENT_KINDS = ['unsubscribed', 'bounced', 'complained', 'address_changed'] as const;
export type ToolEventKind = (typeof TOOL_EVENT_KINDS)[number];

export interface ToolEvent {
  tool: 'kit' | 'mailchimp';
  /** The tool's id of the event; unique per tool. */
  eventId: string;
  /** Lower-cased: the address the event is about (for an address change, the old one). */
  email: string;
  kind: ToolEventKind;
  /** When the tool says it happened (ISO 8601). */
  occurredAt: string;
  receivedAt: string;
}

export interface ToolEventStore {
  /** Keeps an event once by (tool, eventId): true when it was new, false for a repeat (nothing written). */
  record(event: ToolEvent): Promise<boolean>;
  /** The newest event of an address by occurredAt (then receivedAt), or null when the tool reported none. */
  latestFor(email: string): Promise<ToolEvent | null>;
  /** Every event of an address, newest first (the person's copy, the subscriber's desk page). */
  forEmail(email: string): Promise<ToolEvent[]>;
  /**
   * Deletes every event of an address (an erasure); how many. Nothing else deletes them: like a sign-up marked
   * unsubscribed, they are what keeps the site from writing to that address again.
   */
  eraseEmail(email: string): Promise<number>;
}
