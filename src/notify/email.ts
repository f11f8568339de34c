import { readConfig, type Env } from '../env';
import { logEvent, maskRecipient } from '../log';
import type { SendOutcome } from './deliveries';
import type { Send } from './templates';

/**
 * The email port: the owners' second channel and the self-check's alerts. An email travels through the
 * delivery ledger like a WhatsApp message (audience `email`, at most once per key), so it is a `Send`
 * whose header parameter is the subject and whose body parameter is the plain text.
 */
export interface EmailSender {
  /** 'email' (the send_email binding), 'log' (development: written to the log) or 'none' (cannot send). */
  readonly channel: 'email' | 'log' | 'none';
  send(message: Send): Promise<SendOutcome>;
}

/** An email as a ledger message: `template` names what it is (owner_alert_email, health_email). */
export function emailMessage(template: string, to: string, subject: string, text: string): Send {
  return {
    template,
    to,
    audience: 'email',
    components: [
      { type: 'header', parameters: [{ type: 'text', text: subject }] },
      { type: 'body', parameters: [{ type: 'text', text }] },
    ],
  };
}

/** The subject and text of an email ledger message. */
export function emailParts(message: Send): { subject: string; text: string } {
  const part = (type: 'header' | 'body') => message.components.find((c) => c.type === type)?.parameters[0]?.text ?? '';
  return { subject: part('header'), text: part('body') };
}

/** Sends through Cloudflare's send_email binding (Email Routing: the address must be verified on the zone). */
export class BindingEmailSender implements EmailSender {
  readonly channel = 'email';
  constructor(
    private readonly binding: SendEmail,
    private readonly from: string,
  ) {}

  async send(message: Send): Promise<SendOutcome> {
    const { subject, text } = emailParts(message);
    try {
      const result = await this.binding.send({ from: this.from, to: message.to, subject, text });
      return { kind: 'sent', messageId: result?.messageId ?? null };
    } catch (err) {
      // The binding throws for an unverified destination or a sender off the zone: a person must act.
      const text = err instanceof Error ? err.message : String(err);
      return { kind: 'permanent', code: 'email_refused', message: text };
    }
  }
}

/** Development: each email is recorded as sent and logged (template, masked address, length: its text names a visitor). */
export class LogEmailSender implements EmailSender {
  readonly channel = 'log';
  async send(message: Send): Promise<SendOutcome> {
    const { text } = emailParts(message);
    logEvent('info', 'delivery.email', {
      channel: 'log',
      template: message.template,
      to: maskRecipient(message.to),
      chars: text.length,
    });
    return { kind: 'sent', messageId: null };
  }
}

/** Outside development without the binding or ALERT_EMAIL_FROM: every email fails with not_configured. */
export class NotConfiguredEmailSender implements EmailSender {
  readonly channel = 'none';
  constructor(private readonly reason: string) {}
  async send(): Promise<SendOutcome> {
    return { kind: 'permanent', code: 'not_configured', message: this.reason };
  }
}

export function createEmailSender(env: Env): EmailSender {
  const config = readConfig(env);
  if (config.environment === 'development') return new LogEmailSender();
  const binding = (env as { EMAIL?: SendEmail }).EMAIL;
  if (!binding) return new NotConfiguredEmailSender('The EMAIL (send_email) binding is missing from wrangler.toml.');
  if (!config.alerts.from) return new NotConfiguredEmailSender('ALERT_EMAIL_FROM is not set.');
  return new BindingEmailSender(binding, config.alerts.from);
}
