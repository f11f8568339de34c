// Types for index.mjs, so the Playwright journeys (TypeScript) can run stand-ins of their own.
import type { IncomingMessage, Server } from 'node:http';

export interface StandinAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
}
export declare function register(
  prefix: string,
  handle: (request: {
    req: IncomingMessage;
    body: string;
    url: URL;
    config: Record<string, unknown>;
    /** Aborts when the caller hangs up before the answer is sent. */
    signal: AbortSignal;
  }) => StandinAnswer | Promise<StandinAnswer>,
): void;
export declare function registerFetch(
  prefix: string,
  handle: (request: Request, config: Record<string, unknown>) => Response | Promise<Response>,
): void;
export declare function startStandins(port: number, options?: { tls?: { key: Buffer; cert: Buffer } }): Promise<Server>;
