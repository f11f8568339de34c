import { desk } from '../../../words/desk';
import { LEFT_IN_TOOL } from '../../../newsletter/http';
import { canResend, type DeskMessage } from '../../messages';
import { when } from '../../format';

export interface Recipient {
  phone: string;
  /** Admin1, Admin2: how a resend names an owner, so an owner's number never leaves the server. */
  ref: string;
  label: string;
  /** Matches an alert email's row; never rendered (an owner's address is a secret like their number). */
  email?: string;
}

/** Appended to an owner's label to resend their alert email rather than their WhatsApp message. */
export const EMAIL_REF = ':email';

/** Names the visitor's own email (the quiz result) in a resend: their address is read on the server, never sent back. */
export const VISITOR_EMAIL_REF = 'visitor:email';

/**
 * One message of the lead (WhatsApp, email or a call to the newsletter tool): to whom, its state and receipt,
 * why it failed or was skipped, and a button to send it again where that is allowed.
 */
export function Message({
  message: m,
  owners,
  action,
  tool,
}: {
  message: DeskMessage;
  owners: Recipient[];
  action: string;
  /** Set for a call to the newsletter tool: which tool, and whether the subscriber has left since. */
  tool?: { provider: string; unsubscribed: boolean };
}) {
  // An owner's alert email, or an email to the address the visitor gave (the quiz result).
  const byEmail = m.audience === 'email' || (m.audience === 'visitor' && m.recipient.includes('@'));
  const owner =
    m.audience === 'visitor'
      ? undefined
      : owners.find((o) => (byEmail ? o.email === m.recipient : o.phone === m.recipient));
  const provider = tool ? (desk.subscription.providers[tool.provider] ?? tool.provider) : '';
  const to = tool
    ? provider
    : `${owner ? owner.label : desk.messages.visitor}${byEmail ? ` ${desk.messages.byEmail}` : ''}`;
  // A sign-up is never sent on again once the subscriber has left: that would subscribe them without consent.
  // Nor to an address the tool itself has unsubscribed: the site never subscribes anyone there again.
  const leftInTool = Boolean(tool) && m.errorCode === LEFT_IN_TOOL;
  const resendable = canResend(m) && !leftInTool && !(tool?.unsubscribed && m.template === 'newsletter_subscribe');
  const receipt = m.receipt ? (desk.messages.receipts[m.receipt] ?? m.receipt) : null;
  return (
    <li className={`desk-message desk-message-${m.status}`}>
      <p className="desk-message-top">
        <strong>{desk.messages.templates[m.template] ?? m.template}</strong>
        <span className={`desk-state desk-state-${m.status}`}>{desk.messages.states[m.status] ?? m.status}</span>
      </p>
      <p className="desk-meta">
        {desk.messages.to} {to} · {desk.messages.attempts(m.attempts)} · {when(m.sentAt ?? m.updatedAt)}
      </p>
      {receipt ? (
        <p className={`desk-meta desk-receipt desk-receipt-${m.receipt}`}>
          {desk.messages.receiptAt(receipt, when(m.receiptAt ?? m.updatedAt))}
        </p>
      ) : m.status === 'sent' && !byEmail && !tool && m.audience !== 'digest' ? (
        <p className="desk-meta desk-receipt">{desk.messages.unconfirmed}</p>
      ) : null}
      {m.receipt === 'failed' && m.receiptErrorCode ? (
        <p className="desk-message-error">
          {desk.messages.receiptError(m.receiptErrorCode, m.receiptErrorTitle ?? '')}
        </p>
      ) : null}
      {m.status === 'skipped' && m.skipReason ? (
        <p className="desk-meta">
          {(tool ? desk.subscription.skipped[m.skipReason] : desk.messages.skipped[m.skipReason]) ?? m.skipReason}
        </p>
      ) : null}
      {m.status !== 'sent' && m.errorCode ? (
        <p className="desk-message-error">
          {leftInTool
            ? desk.subscription.leftInTool(provider)
            : tool
              ? desk.subscription.error(provider, m.errorCode, m.errorMessage ?? '')
              : (byEmail ? desk.messages.emailError : desk.messages.error)(m.errorCode, m.errorMessage ?? '')}
        </p>
      ) : null}
      {resendable ? (
        <form method="post" action={action}>
          <input type="hidden" name="template" value={m.template} />
          <input
            type="hidden"
            name="recipient"
            value={
              tool
                ? 'subscriber'
                : owner
                  ? `${owner.ref}${byEmail ? EMAIL_REF : ''}`
                  : byEmail
                    ? VISITOR_EMAIL_REF
                    : m.recipient
            }
          />
          <button type="submit" className="btn btn-gold">
            {tool && m.status === 'skipped' ? desk.subscription.sendOn : desk.messages.resend}
          </button>
        </form>
      ) : null}
    </li>
  );
}
