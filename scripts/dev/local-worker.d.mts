// Types for local-worker.mjs, so the Playwright journeys (TypeScript) can start a Worker of their own.
export declare function startLocalWorker(options: {
  port: number;
  vars?: Record<string, string>;
  config?: string;
  env?: string;
  processEnv?: Record<string, string>;
  logLevel?: string;
  build?: boolean;
  seed?: (state: string) => void | Promise<void>;
}): Promise<{ origin: string; stop(): Promise<void> }>;
