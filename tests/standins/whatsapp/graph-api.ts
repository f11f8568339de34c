import { env } from 'cloudflare:test';
import { vi } from 'vitest';
import type { Env } from '../../../src/env';
import { APPROVED_TEMPLATES, answerGraph, graphError, isManagement } from './graph-rules.mjs';
import { answerMedia, isMediaRequest, mediaLibrary } from './graph-media.mjs';

/** Where the Worker is told the Graph API lives in tests. */
export const GRAPH_BASE = 'https://graph.standin.test';
export const PHONE_NUMBER_ID = '100000000000001';
export const TOKEN = 'test-token-1';
export const BUSINESS_ACCOUNT_ID = '200000000000002';
/** A dead-man's-switch service (Healthchecks.io and the like): the stand-in records each ping. */
export const HEARTBEAT_URL = 'https://hc.standin.test/ping/site';

/** What a scripted answer can be: a Graph error code, a dropped connection, or no answer at all. */
export type Failure = number | 'network' | 'timeout' | 'http_502_html';

export interface ReceivedRequest {
  path: string;
  authorization: string | undefined;
  /** The parsed JSON body (undefined if it was not JSON). */
  body: any;
  /** The status the stand-in answered with ('network'/'timeout' when it answered nothing). */
  answered: number | 'network' | 'timeout';
}

/**
 * In-process stand-in of the WhatsApp Cloud API, installed as the global fetch
 * inside workerd. It answers by the rules the Node stand-in uses too
 * (tests/standins/whatsapp/graph-rules.mjs: token, sends, reads, template management)
 * and can be scripted to answer any error code.
 */
export class GraphStandin {
  readonly received: ReceivedRequest[] = [];
  tokens = [TOKEN];
  expiredTokens: string[] = [];
  templates: Record<string, { header: number; body: number }> = { ...APPROVED_TEMPLATES };
  /** Whether the number is registered with the Cloud API (GET /{id} answers platform_type CLOUD_API). */
  registered = true;
  /** The two-step PIN a registration must give (none: any six digits). */
  pin: string | undefined;
  /** The business account's template list and each one's review state (every sendable template APPROVED). */
  managed: { name: string; language: string; status: string }[] = Object.keys(APPROVED_TEMPLATES).map((name) => ({
    name,
    language: 'en',
    status: 'APPROVED',
  }));
  /** Media ids, their bytes and expired urls (tests/standins/whatsapp/graph-media.mjs). */
  readonly library = mediaLibrary();
  /** Heartbeats received at HEARTBEAT_URL. */
  readonly pings: string[] = [];
  private script: Failure[] = [];
  private always: Failure | undefined;
  private byRecipient = new Map<string, Failure>();

  /** Answers the next requests with these failures, in order, then succeeds again. */
  failNext(...failures: Failure[]): this {
    this.script.push(...failures);
    return this;
  }

  /** Answers every request with this failure. */
  failAlways(failure: Failure | undefined): this {
    this.always = failure;
    return this;
  }

  /** Answers every request to this recipient with this failure (others are unaffected). */
  failRecipient(to: string, failure: Failure): this {
    this.byRecipient.set(to, failure);
    return this;
  }

  /** Bodies of the requests the stand-in accepted (200). */
  get delivered(): any[] {
    return this.received.filter((r) => r.answered === 200).map((r) => r.body);
  }

  install(): this {
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => this.fetch(new Request(input, init)));
    return this;
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.url === HEARTBEAT_URL) {
      this.pings.push(request.url);
      return new Response('OK');
    }
    if (url.origin !== GRAPH_BASE) throw new Error(`GraphStandin: unexpected request to ${request.url}`);
    const text = request.method === 'GET' ? '' : await request.text();
    const record: ReceivedRequest = {
      path: url.pathname,
      authorization: request.headers.get('authorization') ?? undefined,
      body: text ? parse(text) : undefined,
      answered: 0,
    };
    this.received.push(record);
    const req = { method: request.method, path: url.pathname, authorization: record.authorization, body: text };
    const expect = {
      phoneNumberId: PHONE_NUMBER_ID,
      businessAccountId: BUSINESS_ACCOUNT_ID,
      tokens: this.tokens,
      expiredTokens: this.expiredTokens,
      templates: this.templates,
    };
    // Scripted failures are for sends and media; reads and template management answer by the rules alone.
    const media = isMediaRequest(request.method, url.pathname, this.library);
    const failure =
      !media && isManagement(request.method, url.pathname)
        ? undefined
        : (this.byRecipient.get(record.body?.to ?? record.body?.recipient) ?? this.script.shift() ?? this.always);
    if (failure === 'network') {
      record.answered = 'network';
      throw new TypeError('Network connection lost.');
    }
    if (failure === 'timeout') {
      record.answered = 'timeout';
      // Never answers; the caller's AbortSignal ends the wait.
      return new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
    }
    if (failure === 'http_502_html') {
      record.answered = 502;
      return new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    }
    const served =
      media && typeof failure === 'number'
        ? graphError(failure)
        : failure === undefined && (await answerMedia(req, expect, this.library, GRAPH_BASE));
    if (served && 'bytes' in served && served.bytes) {
      record.answered = 200;
      return new Response(served.bytes, { headers: { 'content-type': served.type } });
    }
    const answer = served || answerGraph(req, expect, this, () => (failure !== undefined ? graphError(failure) : null));
    record.answered = answer.status;
    return Response.json(answer.json, { status: answer.status });
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Worker vars that point the notifier at the stand-in, with two owners. */
export const GRAPH_VARS = {
  WHATSAPP_API_URL: GRAPH_BASE,
  WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
  WHATSAPP_TOKEN: TOKEN,
  OWNER_PHONES: '+919800000001, +919800000002',
  OWNER_NAMES: 'Priya, Dr. Arjun',
};

/** The tests' Worker env with WhatsApp pointed at the stand-in (and `extra` over it). */
export const graphEnv = (extra: Partial<Env> = {}): Env => ({ ...env, ...GRAPH_VARS, ...extra });
