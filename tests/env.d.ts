declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** [[queues.consumers]] of wrangler.toml, as written there. */
      /** The SUBMIT_LIMITER's `simple` setting in wrangler.toml. */
      TEST_SUBMIT_LIMIT: { limit: number; period: number };
      TEST_QUEUE_CONSUMERS: Array<{ queue: string; max_retries?: number; dead_letter_queue?: string }>;
    }
  }
}
export {};
