/**
 * A stand-in for the send_email binding (Cloudflare Email Sending), strict about the message the Worker builds:
 * the builder's documented fields only, a sender it allows, one to fifty recipients, a subject and a body. It
 * records what it accepted and can be told to throw, as the binding does when it refuses or is unavailable.
 */
const FIELDS = new Set(['from', 'to', 'subject', 'text', 'html', 'cc', 'bcc', 'replyTo', 'headers', 'attachments']);
const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

export interface SentEmail {
  from: { email: string; name?: string };
  to: string[];
  subject: string;
  text?: string;
  html?: string;
  headers?: Record<string, string>;
  messageId: string;
}

export class EmailStandin {
  readonly sent: SentEmail[] = [];
  /** Every call, accepted or not. */
  calls = 0;
  /** Error messages thrown by the next calls, one each, in order. */
  failures: string[] = [];

  /** `senders`: the addresses it accepts as `from` (the binding's allowed_sender_addresses). */
  constructor(private readonly senders: string[]) {}

  readonly binding = {
    send: async (message: unknown) => {
      this.calls++;
      const failure = this.failures.shift();
      if (failure !== undefined) throw new Error(failure);
      return { messageId: this.accept(message) };
    },
  } as unknown as SendEmail;

  private accept(message: unknown): string {
    if (typeof message !== 'object' || message === null) throw new Error('invalid message: not a message builder');
    const m = message as Record<string, unknown>;
    const unknown = Object.keys(m).filter((k) => !FIELDS.has(k));
    if (unknown.length) throw new Error(`invalid message: unknown fields ${unknown.join(', ')}`);
    const from =
      typeof m.from === 'string' ? { email: m.from } : (m.from as { email?: unknown; name?: unknown } | undefined);
    if (!from || typeof from.email !== 'string' || !ADDRESS.test(from.email)) throw new Error('invalid from address');
    if (from && 'name' in from && typeof from.name !== 'string') throw new Error('invalid from name');
    if (!this.senders.includes(from.email)) throw new Error(`email from ${from.email} not allowed`);
    const to = Array.isArray(m.to) ? m.to : [m.to];
    if (to.length < 1 || to.length > 50 || !to.every((a) => typeof a === 'string' && ADDRESS.test(a))) {
      throw new Error('invalid recipients');
    }
    if (typeof m.subject !== 'string' || m.subject.trim() === '') throw new Error('invalid subject');
    if (typeof m.text !== 'string' && typeof m.html !== 'string') throw new Error('a message needs text or html');
    const messageId = `<${crypto.randomUUID()}@${from.email.split('@')[1]}>`;
    this.sent.push({
      from: { email: from.email, ...(typeof from.name === 'string' && { name: from.name }) },
      to: to as string[],
      subject: m.subject,
      ...(typeof m.text === 'string' && { text: m.text }),
      ...(typeof m.html === 'string' && { html: m.html }),
      ...(m.headers !== undefined && { headers: m.headers as Record<string, string> }),
      messageId,
    });
    return messageId;
  }

  /** What was sent to one address. */
  to(address: string): SentEmail[] {
    return this.sent.filter((e) => e.to.includes(address));
  }
}
