/**
 * The self-check's templates line asks for call_reminder and call_rebook approved only when a booking webhook is on
 * and CALL_REMINDERS lists an hour: with either off, their absence breaks nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../../src/config/index';
import { checkTemplates } from '../../src/health/checks/templates';
import { BUSINESS_ACCOUNT_ID, GRAPH_VARS, GraphStandin } from '../standins/whatsapp/graph-api';

afterEach(() => vi.unstubAllGlobals());

const WEBHOOK = { CALCOM_WEBHOOK_SECRET: 'calcom-webhook-secret-of-the-tests' };
const config = (raw: Record<string, string>) =>
  parseConfig({ ...GRAPH_VARS, WHATSAPP_BUSINESS_ACCOUNT_ID: BUSINESS_ACCOUNT_ID, ...raw });

/** The Graph stand-in with every template approved except the reminder and the rebook message. */
function withoutReminderTemplates() {
  const graph = new GraphStandin().install();
  graph.managed = graph.managed.filter((t) => t.name !== 'call_reminder' && t.name !== 'call_rebook');
  return graph;
}

describe('the reminder templates on /desk/health', () => {
  it('fails naming both when a booking webhook is on and reminders are on (the default 24,1)', async () => {
    withoutReminderTemplates();
    for (const raw of [WEBHOOK, { ...WEBHOOK, CALL_REMINDERS: '24,1' }]) {
      const check = await checkTemplates(config(raw));
      expect(check.ok).toBe(false);
      expect(check.detail).toContain('call_reminder is missing; call_rebook is missing');
    }
  });

  it('asks for neither with reminders off (CALL_REMINDERS empty) or without a booking webhook', async () => {
    withoutReminderTemplates();
    for (const raw of [{ ...WEBHOOK, CALL_REMINDERS: '' }, { CALL_REMINDERS: '24,1' }]) {
      const check = await checkTemplates(config(raw));
      expect(check).toMatchObject({ name: 'templates', ok: true });
    }
  });

  it('passes once both are approved', async () => {
    new GraphStandin().install();
    expect(await checkTemplates(config(WEBHOOK))).toMatchObject({ ok: true });
  });
});
