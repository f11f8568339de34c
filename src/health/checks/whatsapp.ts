import type { Config } from '../../config/index';
import { failing, ok, unchecked, type Check } from './check';
import { graphGet, graphProblem } from './graph';

/** The token and the phone number, in one Graph read. */
export async function checkWhatsApp(config: Config): Promise<Check> {
  const sending = config.whatsapp.sending;
  if (!sending.ok && config.environment === 'development' && !sending.misconfigured) {
    return unchecked('whatsapp', 'Not configured: development writes each message to the log.');
  }
  const answer = await graphGet(
    config,
    `${sending.ok ? sending.phoneNumberId : ''}?fields=verified_name,quality_rating,platform_type,status`,
  );
  if (typeof answer === 'string') return failing('whatsapp', answer);
  if (answer.status !== 200 || answer.json.error) return failing('whatsapp', graphProblem(answer));
  if (answer.json.platform_type !== undefined && answer.json.platform_type !== 'CLOUD_API') {
    return failing(
      'whatsapp',
      'The number is not registered with the Cloud API: every send fails. Run npm run whatsapp:register (docs/deploy.md, section 3, step 5b).',
    );
  }
  const quality = typeof answer.json.quality_rating === 'string' ? answer.json.quality_rating : 'unknown';
  if (quality === 'RED') {
    return failing('whatsapp', 'The number’s quality rating is RED: Meta may limit it. Check Meta’s WhatsApp Manager.');
  }
  return ok('whatsapp', `The token works and the number answers (quality ${quality}).`);
}
