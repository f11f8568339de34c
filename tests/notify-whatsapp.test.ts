import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readNotifyConfig } from '../src/notify/config';
import { sendsFor, type Send } from '../src/notify/templates';
import { createSender, GraphSender, LogSender } from '../src/notify/whatsapp';
import { enquiryLead } from './notify-fixtures';
import { GRAPH_VARS, GraphStandin, TOKEN } from './standins/graph-api';

const graphEnv = (extra: Partial<typeof env> = {}) => ({ ...env, ...GRAPH_VARS, ...extra });
afterEach(() => {
  vi.unstubAllGlobals();
});

const [visitorSend, ownerSend] = sendsFor(enquiryLead, readNotifyConfig(graphEnv())) as [Send, Send, Send];

describe('Graph API sender', () => {
  it('posts the template to /v22.0/{phone number id}/messages with the bearer token', async () => {
    const graph = new GraphStandin().install();
    const outcome = await new GraphSender(graphEnv()).send(ownerSend);
    expect(outcome).toEqual({ kind: 'sent', messageId: expect.stringMatching(/^wamid\./) });
    expect(graph.received).toHaveLength(1);
    expect(graph.received[0]).toMatchObject({
      path: '/v22.0/100000000000001/messages',
      authorization: `Bearer ${TOKEN}`,
      answered: 200,
    });
  });

  it('reads the token afresh on every send, so a rotated secret is used at once', async () => {
    const graph = new GraphStandin().install();
    graph.tokens = [TOKEN, 'rotated-token'];
    const live = graphEnv();
    const sender = new GraphSender(live);
    await sender.send(visitorSend);
    live.WHATSAPP_TOKEN = 'rotated-token';
    await sender.send(ownerSend);
    expect(graph.received.map((r) => r.authorization)).toEqual([`Bearer ${TOKEN}`, 'Bearer rotated-token']);
  });

  it('reports an expired token (190) as permanent, with Meta’s message', async () => {
    const graph = new GraphStandin().install();
    graph.expiredTokens = [TOKEN];
    const outcome = await new GraphSender(graphEnv()).send(ownerSend);
    expect(outcome).toEqual({
      kind: 'permanent',
      code: '190',
      message: expect.stringContaining('Error validating access token: Session has expired'),
    });
    expect(graph.received[0]?.answered).toBe(401);
  });

  it.each([130429, 4, 80007, 1, 2, 131000, 131016])('retries error %i', async (code) => {
    new GraphStandin().failNext(code).install();
    expect(await new GraphSender(graphEnv()).send(ownerSend)).toMatchObject({ kind: 'retryable', code: String(code) });
  });

  it('waits at least 6 s after the pair rate limit (131056)', async () => {
    new GraphStandin().failNext(131056).install();
    expect(await new GraphSender(graphEnv()).send(ownerSend)).toMatchObject({
      kind: 'retryable',
      code: '131056',
      minDelaySeconds: 6,
    });
  });

  it.each([131030, 132000, 132001, 132018, 131026, 100])('does not retry error %i', async (code) => {
    new GraphStandin().failNext(code).install();
    expect(await new GraphSender(graphEnv()).send(ownerSend)).toMatchObject({ kind: 'permanent', code: String(code) });
  });

  it('retries an HTTP 5xx without a Graph body, a dropped connection and a timeout', async () => {
    new GraphStandin().failNext('http_502_html', 'network', 'timeout').install();
    const sender = new GraphSender(graphEnv(), 50);
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
    expect(await new GraphSender(graphEnv()).send(bad)).toMatchObject({ kind: 'permanent', code: '132018' });
    const missing: Send = { ...ownerSend, components: ownerSend.components.slice(0, 1) };
    expect(await new GraphSender(graphEnv()).send(missing)).toMatchObject({ kind: 'permanent', code: '132000' });
    expect(graph.delivered).toEqual([]);
  });
});

describe('sender choice and the log sender', () => {
  it('uses the Graph API only when both the token and the phone number id are set', () => {
    expect(createSender(graphEnv()).channel).toBe('graph');
    expect(createSender(graphEnv({ WHATSAPP_TOKEN: '' })).channel).toBe('log');
    expect(createSender(graphEnv({ WHATSAPP_PHONE_NUMBER_ID: undefined })).channel).toBe('log');
  });

  it('logs the template, the masked recipient and the parameters (console.log, never the token)', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await new LogSender().send(ownerSend)).toEqual({ kind: 'sent', messageId: null });
    expect(fetch).not.toHaveBeenCalled();
    const line = log.mock.calls.map((args) => args.join(' ')).join('\n');
    expect(line).toContain('journey_owner to +91******0001');
    expect(line).toContain('header=["Admin1"]');
    expect(line).toContain(
      'body=["Asha Verma","asha@example.com","+919812345678","Team retreat for 20 people. / March or April?"]',
    );
    expect(line).not.toContain('+919800000001');
    expect(line).not.toContain(TOKEN);
  });
});
