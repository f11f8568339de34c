import { readConfig, type Env } from '../../env';
import { logEvent, maskRecipient } from '../../log';
import type { SendOutcome } from '../ledger/channel';
import type { Audience, Send } from '../ledger/templates';

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

/**
 * An email as a ledger message: `template` names what it is (owner_alert_email, health_email, quiz_result_email).
 * The header parameter is the subject; the body's are the plain text and, when it has one, the HTML. An owner's
 * email counts as `email` (never capped); one to an address a visitor typed as `visitor`, inside their budgets.
 */
export function emailMessage(
  template: string,
  to: string,
  subject: string,
  text: string,
  { html, audience = 'email' }: { html?: string; audience?: Audience } = {},
): Send {
  const body = [
    { type: 'text' as const, text },
    ...(html === undefined ? [] : [{ type: 'text' as const, text: html }]),
  ];
  return {
    template,
    to,
    audience,
    components: [
      { type: 'header', parameters: [{ type: 'text', text: subject }] },
      { type: 'body', parameters: body },
    ],
  };
}

/** The subject, text and (when it has one) HTML of an email ledger message. */
export function emailParts(message: Send): { subject: string; text: string; html?: string } {
  const part = (type: 'header' | 'body', i = 0) => message.components.find((c) => c.type === type)?.parameters[i]?.text;
  const html = part('body', 1);
  return { subject: part('header') ?? '', text: part('body') ?? '', ...(html !== undefined && { html }) };
}

/**
 * What the binding's error says about trying again: a refusal (an unverified destination, a sender off the zone,
 * a domain not onboarded) needs a person and fails for good; a throttle or an outage of the service is retried.
 */
const TRANSIENT =
  /\brate.?limit|\bthrottl|too many|\btimed? ?out|\btemporar|\bunavailable|\binternal error|try again|overloaded|\bnetwork|\b5\d\d\b/i;

/** Sends through Cloudflare's send_email binding (Email Routing, or Email Sending to any address once onboarded). */
export class BindingEmailSender implements EmailSender {
  readonly channel = 'email';
  constructor(
    private readonly binding: SendEmail,
    private readonly from: string | EmailAddress,
  ) {}

  async send(message: Send): Promise<SendOutcome> {
    const { subject, text, html } = emailParts(message);
    try {
      const result = await this.binding.send({
        from: this.from,
        to: message.to,
        subject,
        text,
        ...(html !== undefined && { html }),
      });
      return { kind: 'sent', messageId: result?.messageId ?? null };
    } catch (err) {
      const text = err instanceof Error ? err.message : String(err);
      if (TRANSIENT.test(text)) return { kind: 'retryable', code: 'email_unavailable', message: text };
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
