/** KIT_WEBHOOK_SECRET and MAILCHIMP_WEBHOOK_SECRET (issue 59): unset, the webhooks do not exist; deployed, long. */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/index';

const deployed = (raw: Record<string, string | undefined>) =>
  parseConfig({ ENVIRONMENT: 'production', SITE_URL: 'https://www.example.com', ...raw });
const problems = (config: ReturnType<typeof parseConfig>) =>
  config.problems.filter((p) => /WEBHOOK_SECRET$/.test(p.setting) && /^(KIT|MAILCHIMP)_/.test(p.setting));

describe("the newsletter tool's webhook secrets", () => {
  it('unset: neither webhook exists, and that is no problem', () => {
    for (const config of [parseConfig({}), deployed({})]) {
      expect(config.newsletter.kitWebhookSecret).toBeUndefined();
      expect(config.newsletter.mailchimpWebhookSecret).toBeUndefined();
      expect(problems(config)).toEqual([]);
    }
  });

  it('deployed, a short secret is a problem and is not used; locally any value is taken', () => {
    const short = { KIT_WEBHOOK_SECRET: 'kit-short', MAILCHIMP_WEBHOOK_SECRET: 'a'.repeat(31) };
    const config = deployed(short);
    expect(problems(config)).toEqual([
      { setting: 'KIT_WEBHOOK_SECRET', message: 'KIT_WEBHOOK_SECRET must be at least 16 characters of random text.' },
      {
        setting: 'MAILCHIMP_WEBHOOK_SECRET',
        message: 'MAILCHIMP_WEBHOOK_SECRET must be at least 32 characters of random text.',
      },
    ]);
    expect(config.newsletter.kitWebhookSecret).toBeUndefined();
    expect(config.newsletter.mailchimpWebhookSecret).toBeUndefined();
    const local = parseConfig(short).newsletter;
    expect(local).toMatchObject({ kitWebhookSecret: 'kit-short', mailchimpWebhookSecret: 'a'.repeat(31) });
  });

  it('deployed, long enough secrets are taken', () => {
    const config = deployed({ KIT_WEBHOOK_SECRET: 'k'.repeat(16), MAILCHIMP_WEBHOOK_SECRET: 'm'.repeat(32) });
    expect(problems(config)).toEqual([]);
    expect(config.newsletter).toMatchObject({
      kitWebhookSecret: 'k'.repeat(16),
      mailchimpWebhookSecret: 'm'.repeat(32),
    });
  });
});
