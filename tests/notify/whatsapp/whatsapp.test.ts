import { afterEach, describe, expect, it, vi } from 'vitest';
import { loggedEvents } from '../../support/logs';
import { readConfig } from '../../../src/env';
import { sendsFor, type Send } from '../../../src/notify/ledger/templates';
import { createSender, GraphSender, LogSender } from '../../../src/notify/whatsapp/whatsapp';
import { enquiryLead } from '../../fixtures/leads';
import { GRAPH_BASE, PHONE_NUMBER_ID, GraphStandin, TOKEN, graphEnv } from '../../standins/whatsapp/graph-api';

const credentials = (token = TOKEN) => ({ apiUrl: GRAPH_BASE, phoneNumberId: PHONE_NUMBER_ID, token });
afterEach(() => {
  vi.unstubAllGlobals();
});

const [visitorSend, ownerSend] = sendsFor(enquiryLead(), readConfig(graphEnv()).whatsapp) as [Send, Send, Send];

describe('Graph API sender', () => {
  it('posts the template to /v22.0/{phone number id}/messages with the bearer token', async () => {
    const graph = new GraphStandin().install();
    const outcome = await new GraphSender(credentials()).send(ownerSend);
    expect(outcome).toEqual({ kind: 'sent', messageId: expect.stringMatching(/^wamid\./) });
    expect(graph.received).toHaveLength(1);
    expect(graph.received[0]).toMatchObject({
      path: '/v22.0/100000000000001/messages',
      authorization: `Bearer ${TOKEN}`,
      answered: 200,
    });
  });

  it('takes a rotated token from the next env it is made from (the next job), without a deploy', async () => {
    const graph = new GraphStandin().install();
    graph.tokens = [TOKEN, 'rotated-token'];
    await createSender(graphEnv()).send(visitorSend);
    await createSender(graphEnv({ WHATSAPP_TOKEN: 'rotated-token' })).send(ownerSend);
    expect(graph.received.map((r) => r.authorization)).toEqual([`Bearer ${TOKEN}`, 'Bearer rotated-token']);
  });

  it('reports an expired token (190) as permanent, with Meta’s message', async () => {
    const graph = new GraphStandin().install();
    graph.expiredTokens = [TOKEN];
    const outcome = await new GraphSender(credentials()).send(ownerSend);
    expect(outcome).toEqual({
      kind: 'permanent',
      code: '190',
      message: expect.stringContaining('Error validating access token: Session has expired'),
    });
    expect(graph.received[0]?.answered).toBe(401);
  });

  it.each([130429, 4, 80007, 1, 2, 131000, 131016])('retries error %i', async (code) => {
    new GraphStandin().failNext(code).install();
    expect(await new GraphSender(credentials()).send(ownerSend)).toMatchObject({
      kind: 'retryable',
      code: String(code),
    });
  });

  it('waits at least 6 s after the pair rate limit (131056)', async () => {
    new GraphStandin().failNext(131056).install();
    expect(await new GraphSender(credentials()).send(ownerSend)).toMatchObject({
      kind: 'retryable',
      code: '131056',
      minDelaySeconds: 6,
    });
  });

  it.each([131030, 132000, 132001, 132018, 131026, 100])('does not retry error %i', async (code) => {
    new GraphStandin().failNext(code).install();
    expect(await new GraphSender(credentials()).send(ownerSend)).toMatchObject({
      kind: 'permanent',
      code: String(code),
    });
  });

  it('retries an HTTP 5xx without a Graph body, a dropped connection and a timeout', async () => {
    new GraphStandin().failNext('http_502_html', 'network', 'timeout').install();
    const sender = new GraphSender(credentials(), 50);
    expect(await sender.send(ownerSend)).toMatchObject({ kind: 'retryable', code: 'http_502' });
    expect(await sender.send(ownerSend)).toMatchObject({ kind: 'retryable', code: 'network' });
    expect(await sender.send(ownerSend)).toMatchObject({ kind: 'retryable', code: 'timeout' });
  });

  it('is rejected by the stand-in when a parameter breaks the text rules (the stand-in is strict)', async () => {
    const graph = new GraphStandin().install();
    const bad: Send = {
      ...visitorSend,
      components: [{ type: 'header', parameters: [{ type: 'text', text: 'a\nb' }] }],
    };
    expect(await new GraphSender(credentials()).send(bad)).toMatchObject({ kind: 'permanent', code: '132018' });
    const missing: Send = { ...ownerSend, components: ownerSend.components.slice(0, 1) };
    expect(await new GraphSender(credentials()).send(missing)).toMatchObject({ kind: 'permanent', code: '132000' });
    expect(graph.delivered).toEqual([]);
  });
});

describe('sender choice and the log sender', () => {
  it('uses the Graph API when configured, the log only in development with nothing set', () => {
    expect(createSender(graphEnv()).channel).toBe('graph');
    expect(createSender(graphEnv({ WHATSAPP_TOKEN: '', WHATSAPP_PHONE_NUMBER_ID: '' })).channel).toBe('log');
  });

  it('never logs half a configuration: a token without its phone number id fails every send, naming what is missing', async () => {
    for (const half of [{ WHATSAPP_TOKEN: '' }, { WHATSAPP_PHONE_NUMBER_ID: '' }]) {
      const sender = createSender(graphEnv(half));
      expect(sender.channel).toBe('none');
      const outcome = await sender.send(ownerSend);
      const missing = 'WHATSAPP_TOKEN' in half ? 'WHATSAPP_TOKEN is missing' : 'WHATSAPP_PHONE_NUMBER_ID is missing';
      expect(outcome).toEqual({
        kind: 'permanent',
        code: 'not_configured',
        message: expect.stringContaining(`WhatsApp is partly configured: ${missing}`),
      });
    }
  });

  it('never uses the log sender outside development', () => {
    for (const ENVIRONMENT of ['staging', 'production']) {
      const off = { ENVIRONMENT, WHATSAPP_TOKEN: '', WHATSAPP_PHONE_NUMBER_ID: '' };
      expect(createSender(graphEnv(off)).channel).toBe('none');
    }
  });

  it('logs the template, the masked recipient and how many parameters (never their text, never the token)', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await new LogSender().send(ownerSend)).toEqual({ kind: 'sent', messageId: null });
    expect(fetch).not.toHaveBeenCalled();
    const line = log.mock.calls.map((args) => args.join(' ')).join('\n');
    expect(loggedEvents(log)).toEqual([
      {
        event: 'delivery.sent',
        level: 'info',
        channel: 'log',
        template: 'journey_owner',
        to: '+91******0001',
        parameters: 5,
      },
    ]);
    expect(line).not.toContain('Asha Verma');
    expect(line).not.toContain('asha@example.com');
    expect(line).not.toContain('+919812345678');
    expect(line).not.toContain('+919800000001');
    expect(line).not.toContain(TOKEN);
  });
});
