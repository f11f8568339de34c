import { readConfig, type Env } from '../env';
import type { LeadRecord } from '../store/leads/listing';
import { NEWSLETTER_TEMPLATES, type NewsletterAction } from './templates';

/** One call to the newsletter tool as the ledger recorded it. */
export interface ToolCall {
  action: NewsletterAction;
  /** pending, sending, sent, failed, dead, replay, or skipped (see skipReason) */
  status: string;
  /** Why a skipped call was not made: unverified (Turnstile), or cap (the address was sent on within 24 hours). */
  skipReason: string | null;
  /** kit, mailchimp, or none (a provider named without its settings) */
  channel: string | null;
  attempts: number;
  at: string;
  errorCode: string | null;
  errorMessage: string | null;
}

/** A subscription's state: what the person chose on the site, and what the newsletter tool was told. */
export interface SubscriptionState {
  subscribed: boolean;
  /** When they unsubscribed through their link; null while subscribed. */
  unsubscribedAt: string | null;
  /** NEWSLETTER_PROVIDER now: kit, mailchimp or none. */
  provider: string;
  toolCalls: ToolCall[];
}

/** A newsletter subscription's state (for the desk and a person's export); null for another kind of lead. */
export async function subscriptionState(env: Env, record: LeadRecord): Promise<SubscriptionState | null> {
  if (record.kind !== 'newsletter') return null;
  const { results } = await env.DB.prepare(
    `SELECT template, status, skip_reason AS skipReason, channel, attempts, updated_at AS at,
            last_error_code AS errorCode,
            last_error_message AS errorMessage
     FROM deliveries WHERE submission_id = ? AND audience = 'newsletter' ORDER BY created_at, template`,
  )
    .bind(record.id)
    .all<Omit<ToolCall, 'action'> & { template: string }>();
  const actions = Object.entries(NEWSLETTER_TEMPLATES) as [NewsletterAction, string][];
  return {
    subscribed: !record.unsubscribedAt,
    unsubscribedAt: record.unsubscribedAt ?? null,
    provider: readConfig(env).newsletter.provider.name,
    toolCalls: results.map(({ template, ...call }) => ({
      action: actions.find(([, name]) => name === template)?.[0] ?? 'subscribe',
      ...call,
    })),
  };
}
