// Each environment's Worker must know which of its queues is the dead-letter queue: its messages are recorded as
// dead, never run again (src/consumer/consume.ts). A JOBS_DEAD_LETTER_QUEUE that does not name the site-jobs
// consumer's dead_letter_queue would make the Worker run dead jobs as live ones, silently.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { experimental_readRawConfig } from 'wrangler';

const { rawConfig } = experimental_readRawConfig({ config: 'wrangler.toml' });
const environments = [
  ['top level (local)', rawConfig],
  ...Object.entries(rawConfig.env ?? {}).map(([name, config]) => [name, config]),
];

describe('wrangler.toml environments', () => {
  it('covers the local setup, staging and production', () => {
    assert.deepEqual(
      environments.map(([name]) => name),
      ['top level (local)', 'staging', 'production'],
    );
  });

  it('the top level is development under a name of its own, never a deployed Worker', () => {
    assert.equal(rawConfig.vars.ENVIRONMENT ?? 'development', 'development');
    for (const [name, config] of environments.slice(1)) {
      assert.notEqual(config.name, rawConfig.name, `${name} is not named like the top level`);
    }
    assert.deepEqual(rawConfig.routes ?? [], [], 'the top level has no route');
  });

  for (const [name, config] of environments) {
    it(`${name}: JOBS_DEAD_LETTER_QUEUE names the dead_letter_queue of the queue JOBS sends to`, () => {
      const jobs = config.queues.producers.find((p) => p.binding === 'JOBS');
      const deadLetters = config.queues.producers.find((p) => p.binding === 'DEAD_LETTERS');
      const consumer = config.queues.consumers.find((c) => c.queue === jobs.queue);
      assert.ok(consumer?.dead_letter_queue, `${name}: the ${jobs.queue} consumer has a dead_letter_queue`);
      assert.equal(config.vars.JOBS_DEAD_LETTER_QUEUE, consumer.dead_letter_queue);
      assert.equal(deadLetters.queue, consumer.dead_letter_queue);
      assert.ok(
        config.queues.consumers.some((c) => c.queue === consumer.dead_letter_queue),
        `${name}: something consumes ${consumer.dead_letter_queue}`,
      );
    });

    // Workers Logs is where an operator finds a failed delivery or a parked lead: no line may be sampled away.
    it(`${name}: Workers Logs is on and keeps every log line`, () => {
      assert.deepEqual({ ...config.observability }, { enabled: true, head_sampling_rate: 1 });
    });
  }

  for (const [name, config] of environments.slice(1)) {
    it(`${name}: has the EMAIL binding and requires the status webhook's secrets`, () => {
      assert.deepEqual(
        config.send_email?.map((b) => ({ ...b })),
        [{ name: 'EMAIL' }],
      );
      for (const secret of ['WHATSAPP_WEBHOOK_VERIFY_TOKEN', 'WHATSAPP_APP_SECRET'])
        assert.ok(config.secrets.required.includes(secret), `${name}: secrets.required lists ${secret}`);
    });
  }
});
