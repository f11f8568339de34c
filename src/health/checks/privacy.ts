import { ConfigError, reasonOf, type Config } from '../../config/index';
import { failing, ok, type Check } from './check';

/**
 * The erasure key (ERASURE_KEY): without it no erasure can be recorded, and a visitor's WhatsApp message cannot be
 * filed under its sender's pseudonym (the webhook answers 503 and Meta retries). Deployments refuse to go up
 * without it; this names it should it ever be missing or too short.
 */
export async function checkPrivacy(config: Config): Promise<Check> {
  try {
    void config.privacy;
    return ok('privacy', 'Erasures and WhatsApp senders are keyed with ERASURE_KEY.');
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return failing(
      'privacy',
      `${reasonOf(err.problems)} Set it (docs/deploy.md, section 5b): until then the desk cannot erase anyone and visitors' WhatsApp messages wait at Meta.`,
    );
  }
}
