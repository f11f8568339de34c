/** The settings of the nudges and the Monday report (NUDGE_NEW_HOURS, NUDGE_NO_CALL_HOURS, WEEKLY_REPORT), read once. */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/index';

const deployed = (raw: Record<string, string | undefined>) =>
  parseConfig({ ENVIRONMENT: 'production', SITE_URL: 'https://www.example.com', ...raw });
const problems = (config: ReturnType<typeof parseConfig>) =>
  config.problems.filter((p) => /^(NUDGE_|WEEKLY_REPORT)/.test(p.setting));

describe('the nudge and report settings', () => {
  it('default to a nudge after 24 hours new and 72 hours without a call, and the report on', () => {
    for (const config of [parseConfig({}), deployed({})]) {
      expect(config.alerts).toMatchObject({ nudgeNewHours: 24, nudgeNoCallHours: 72, weeklyReport: true });
      expect(problems(config)).toEqual([]);
    }
  });

  it('take whole hours and "on" or "off"', () => {
    const config = deployed({ NUDGE_NEW_HOURS: '6', NUDGE_NO_CALL_HOURS: '720', WEEKLY_REPORT: 'off' });
    expect(config.alerts).toMatchObject({ nudgeNewHours: 6, nudgeNoCallHours: 720, weeklyReport: false });
    expect(problems(config)).toEqual([]);
  });

  it('name each bad value by its setting and keep the default', () => {
    for (const bad of ['0', '721', '1.5', 'a day', '-3']) {
      const config = deployed({ NUDGE_NEW_HOURS: bad, NUDGE_NO_CALL_HOURS: bad, WEEKLY_REPORT: bad });
      expect(problems(config)).toEqual([
        { setting: 'NUDGE_NEW_HOURS', message: 'NUDGE_NEW_HOURS must be a whole number of hours from 1 to 720.' },
        {
          setting: 'NUDGE_NO_CALL_HOURS',
          message: 'NUDGE_NO_CALL_HOURS must be a whole number of hours from 1 to 720.',
        },
        { setting: 'WEEKLY_REPORT', message: 'WEEKLY_REPORT must be "on" or "off".' },
      ]);
      expect(config.alerts).toMatchObject({ nudgeNewHours: 24, nudgeNoCallHours: 72, weeklyReport: true });
    }
  });
});
