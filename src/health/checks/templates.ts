import type { Config } from '../../config/index';
import { requiredTemplates } from '../../notify/whatsapp/whatsapp-templates';
import { failing, ok, unchecked, type Check } from './check';
import { graphGet, graphProblem } from './graph';

/**
 * Every template the site sends must be APPROVED (a PENDING, PAUSED or REJECTED one fails every send); the booking
 * alerts only when a booking webhook is on, the payment messages only when payments are on.
 */
export async function checkTemplates(config: Config): Promise<Check> {
  const sending = config.whatsapp.sending;
  const account = config.whatsapp.businessAccountId;
  if (config.environment === 'development' && (!sending.ok || !account)) {
    return unchecked('templates', 'Not checked: development without WHATSAPP_BUSINESS_ACCOUNT_ID.');
  }
  if (!account)
    return failing('templates', 'WHATSAPP_BUSINESS_ACCOUNT_ID is not set: template approval cannot be checked.');
  const answer = await graphGet(config, `${account}/message_templates?fields=name,status,language&limit=100`);
  if (typeof answer === 'string') return failing('templates', answer);
  if (answer.status !== 200 || answer.json.error) return failing('templates', graphProblem(answer));
  const listed = Array.isArray(answer.json.data)
    ? (answer.json.data as { name?: string; status?: string; language?: string }[])
    : [];
  const required = requiredTemplates(config.bookings, config.payments);
  const problems = required.flatMap((t) => {
    const found = listed.find((l) => l.name === t.name && (l.language ?? 'en') === t.language);
    if (!found) return [`${t.name} is missing`];
    return found.status === 'APPROVED' ? [] : [`${t.name} is ${found.status ?? 'in an unknown state'}`];
  });
  if (problems.length > 0) {
    return failing('templates', `${problems.join('; ')}. Run npm run whatsapp:templates, or wait for Meta’s review.`);
  }
  return ok('templates', `All ${required.length} templates are approved.`);
}
