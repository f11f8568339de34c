import type { MockInstance } from 'vitest';

/** A structured log line as src/log.ts writes it. */
export type LogLine = { event: string; level: string } & Record<string, unknown>;

/** The JSON log lines a console spy saw; a line that is not one JSON object fails the test that reads it. */
export function loggedEvents(spy: MockInstance<(...args: unknown[]) => void>): LogLine[] {
  return spy.mock.calls.map((args) => {
    if (args.length !== 1 || typeof args[0] !== 'string')
      throw new Error(`not one log line: ${args.map(String).join(' ')}`);
    return JSON.parse(args[0]) as LogLine;
  });
}
