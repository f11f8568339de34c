import type { Config } from '../../config/index';
import type { Env } from '../../env';
import { LEFT_IN_TOOL } from '../../newsletter/http';
import { DELIVERY_WINDOW_HOURS, failing, off, ok, type Check } from './check';

/** An error code as the ledger stored it, or `none` when it is missing or not a code (never free text). */
function errorCode(code: string | null | undefined): string {
  return code && /^[A-Za-z0-9_.-]{1,40}$/.test(code) ? code : 'none';
}

/**
 * The newsletter tool (NEWSLETTER_PROVIDER): unhealthy while it is named without its settings, or when it
 * refused a sign-up or an unsubscribe in the last day (a bad key, a missing form or list): those subscribers
 * are on the desk with the tool's answer and a Resend. A sign-up to an address the tool has as unsubscribed is
 * no fault (the desk shows it). Also while an erasure of the last day could not be passed on to it (the erasure
 * log on the desk's People page says which): an owner removes that person there by hand. The detail names the
 * tool and its last error code, never the tool's words: they may carry a subscriber's address, and this text goes
 * into /desk/health, its JSON and the alert emails (and their ledger rows), which no erasure reaches.
 */
export async function checkNewsletter(env: Env, config: Config, now: number): Promise<Check> {
  const provider = config.newsletter.provider;
  if (provider.name === 'none') return off('newsletter', 'No newsletter tool: sign-ups stay on the desk.');
  if (!provider.ok)
    return failing('newsletter', `${provider.reason} Every sign-up is recorded as failed until it is set.`);
  const since = new Date(now - DELIVERY_WINDOW_HOURS * 3_600_000).toISOString();
  const refusedSince = `audience = 'newsletter' AND status IN ('failed', 'dead') AND updated_at >= ?1
    AND COALESCE(last_error_code, '') <> ?2`;
  const row = await env.DB.prepare(
    `SELECT COUNT(*) AS refused,
       (SELECT last_error_code FROM deliveries WHERE ${refusedSince} ORDER BY updated_at DESC LIMIT 1) AS last
     FROM deliveries WHERE ${refusedSince}`,
  )
    .bind(since, LEFT_IN_TOOL)
    .first<{ refused: number; last: string | null }>();
  const erasures = await env.DB.prepare(
    `SELECT COUNT(*) AS n FROM erasures WHERE erased_at >= ? AND json_extract(newsletter_tool, '$.state') = 'failed'`,
  )
    .bind(since)
    .first<{ n: number }>();
  const refused = row?.refused ?? 0;
  const notErased = erasures?.n ?? 0;
  const name = provider.name === 'kit' ? 'Kit' : 'Mailchimp';
  if (refused === 0 && notErased === 0)
    return ok(
      'newsletter',
      `${name} took every sign-up, unsubscribe and erasure of the last ${DELIVERY_WINDOW_HOURS} h.`,
    );
  const problems: string[] = [];
  if (refused > 0) {
    problems.push(
      `${name} refused ${refused} sign-up${refused === 1 ? '' : 's'} or unsubscribe${refused === 1 ? '' : 's'} in the last ${DELIVERY_WINDOW_HOURS} h (last error code: ${errorCode(row?.last)}). Check the key and the ${provider.name === 'kit' ? 'form (KIT_API_KEY, KIT_FORM_ID)' : 'list (MAILCHIMP_API_KEY, MAILCHIMP_LIST_ID)'}, then resend from each subscriber's page on the desk.`,
    );
  }
  if (notErased > 0) {
    problems.push(
      `${notErased} erasure${notErased === 1 ? '' : 's'} of the last ${DELIVERY_WINDOW_HOURS} h could not be passed on to ${name}: remove ${notErased === 1 ? 'that person' : 'those people'} there by hand (the erasure log on the desk's People page).`,
    );
  }
  return failing('newsletter', problems.join(' '));
}
