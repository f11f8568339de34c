import type { Config } from '../../config/index';
import type { Env } from '../../env';
import { mediaBucket } from '../../store/media/media';
import { failing, ok, unchecked, type Check } from './check';

/**
 * Whether the R2 bucket of visitors' photos, voice notes and files (binding MEDIA) is bound and answers. Outside
 * development a missing binding is a fault: every attachment would wait, unfetched, until Meta forgets it.
 */
export async function checkMedia(env: Env, config: Config): Promise<Check> {
  const bucket = mediaBucket(env);
  if (!bucket) {
    return config.environment === 'development'
      ? unchecked('media', 'No MEDIA bucket bound: attachments are not fetched.')
      : failing('media', 'The R2 bucket MEDIA is not bound: add [[r2_buckets]] MEDIA to wrangler.toml and deploy.');
  }
  await bucket.head('health-probe');
  return ok('media', 'The R2 bucket MEDIA answers.');
}
