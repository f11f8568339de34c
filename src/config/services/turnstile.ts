import { reasonOf, type Problem } from '../read/problem.ts';
import { partly, type Reader } from '../read/reader.ts';

export type TurnstileConfig =
  | { enabled: true; siteKey: string; secretKey: string; verifyUrl: string }
  | {
      enabled: false;
      problem?: string;
      /**
       * Whether a submission may still make the business number write to a number a visitor typed:
       * yes where Turnstile is simply not used (development, or TURNSTILE_DISABLED=1 on purpose), no when
       * a deployment that sends WhatsApp lacks it.
       */
      visitorMessages: boolean;
    };

/**
 * Turnstile decides whether a submission may make the business number write to a number a visitor typed.
 * Outside development it is required (TURNSTILE_DISABLED=1 runs without it on purpose); without it (or with a
 * broken configuration) every lead is still stored and told to the owners, but no visitor message goes out.
 */
export function parseTurnstile(r: Reader, whatsappSends: boolean, out: Problem[]): TurnstileConfig {
  const { text, deployed, environment } = r;
  const half = partly('Turnstile', ['TURNSTILE_SITE_KEY', 'TURNSTILE_SECRET_KEY'], r);
  const verifyProblems: Problem[] = [];
  const verifyUrl = r.address('TURNSTILE_VERIFY_URL', verifyProblems);
  const siteKey = text('TURNSTILE_SITE_KEY');
  const secretKey = text('TURNSTILE_SECRET_KEY');
  const disabled = text('TURNSTILE_DISABLED');
  const problems = [...(half ? [half] : []), ...verifyProblems];
  if (disabled !== undefined && disabled !== '1') {
    problems.push({ setting: 'TURNSTILE_DISABLED', message: 'TURNSTILE_DISABLED must be "1" or empty.' });
  }
  if (!half && !siteKey && deployed && disabled !== '1') {
    problems.push({
      setting: 'TURNSTILE_SITE_KEY',
      message:
        environment === 'production' && whatsappSends
          ? 'WhatsApp is configured in production but Turnstile is not: set TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY, or TURNSTILE_DISABLED=1 to run without it deliberately. No message goes to a number a visitor typed until then.'
          : 'Turnstile is not configured: the forms have no bot check (set TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY, or TURNSTILE_DISABLED=1 deliberately).',
    });
  }
  out.push(...problems);
  if (problems.length > 0) return { enabled: false, problem: reasonOf(problems), visitorMessages: false };
  if (siteKey && secretKey) return { enabled: true, siteKey, secretKey, verifyUrl };
  return { enabled: false, visitorMessages: true };
}
