import { readConfig, type Env } from '../env';
import type { LeadRecord } from '../store/leads/listing';
import { NEWSLETTER_TEMPLATES, type NewsletterAction } from './templates';
import { getToolEventStore } from '../store/newsletter/open';
import type { ToolEvent } from '../store/newsletter/tool-events';
import { sendableTo } from './tool-marks';

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
  /** What the newsletter tool last reported of the address (its webhook), and whether it stops the site's emails. */
  toolEvent: { tool: ToolEvent['tool']; kind: ToolEvent['kind']; occurredAt: string; stops: boolean } | null;
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
  const { toolEvent } = await toolEventOf(env, record.email);
  return {
    toolEvent: toolEvent ?? null,
    subscribed: !record.unsubscribedAt,
    unsubscribedAt: record.unsubscribedAt ?? null,
    provider: readConfig(env).newsletter.provider.name,
    toolCalls: results.map(({ template, ...call }) => ({
      action: actions.find(([, name]) => name === template)?.[0] ?? 'subscribe',
      ...call,
    })),
  };
}

/**
 * The newsletter tool's newest event about an address, for the subscriber's desk page: what happened at the tool,
 * when, and whether it still stops the site's result emails and guides (sendableTo). Empty when the tool reported
 * nothing.
 */
export async function toolEventOf(
  env: Env,
  email: string,
): Promise<{ toolEvent?: NonNullable<SubscriptionState['toolEvent']> }> {
  const latest = await getToolEventStore(env).latestFor(email.trim().toLowerCase());
  if (!latest) return {};
  const sendable = await sendableTo(env, email);
  return {
    toolEvent: { tool: latest.tool, kind: latest.kind, occurredAt: latest.occurredAt, stops: !sendable.ok },
  };
}
