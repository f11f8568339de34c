import { SELF, createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../src/index';
import type { Env } from '../../src/env';

export type Json = Record<string, any>;

/**
 * A fresh client address (TEST-NET-2 / benchmarking range), so each request is its own
 * visitor: requests without CF-Connecting-IP share one rate-limit bucket, as on the edge.
 */
export function visitorAddress(): string {
  const n = () => Math.floor(Math.random() * 256);
  return `198.18.${n()}.${n()}`;
}

/** POSTs to /api/{path} as the site's forms do (JSON); a string body is sent as is. */
export async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await SELF.fetch(`https://site.test/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': visitorAddress(), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
}

/** A stored lead read straight from D1. */
export function row(table: string, id: string): Promise<Json | null> {
  return env.DB.prepare(`SELECT * FROM ${table} WHERE id = ?`).bind(id).first<Json>();
}

export async function total(table: string): Promise<number> {
  return (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
}

/** POSTs to /api/{path} through the Worker with a given env (e.g. Firestore configured), waiting for its background work. */
export async function postWithEnv(workerEnv: Env, path: string, body: unknown, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`https://site.test/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': visitorAddress(), ...headers },
      body: JSON.stringify(body),
    }),
    workerEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: (await res.json()) as Json };
}

/** The origin the Worker is called at with a given env: loopback, where development's local owner signs in. */
export const LOOPBACK_ORIGIN = 'http://127.0.0.1:8787';

/** A request to the Worker with a given env, at LOOPBACK_ORIGIN, waiting for its background work. */
export async function callWorker(workerEnv: Env, path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${LOOPBACK_ORIGIN}${path}`, { redirect: 'manual', ...init }),
    workerEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** A plain HTML form post from the site's own page (urlencoded, same origin) to the Worker with a given env. */
export function postForm(
  workerEnv: Env,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return callWorker(workerEnv, path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: LOOPBACK_ORIGIN, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}
