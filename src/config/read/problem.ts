/** One thing wrong with the configuration, naming the setting to fix. */
export interface Problem {
  setting: string;
  message: string;
}

/**
 * How a broken group says what is wrong, wherever it is said (a thrown ConfigError, the reason of a group that
 * is off): its problems' messages, in order, each naming the setting to fix.
 */
export function reasonOf(problems: Problem[]): string {
  return problems.map((p) => p.message).join(' ');
}

/** A group that cannot work as configured; the message names every missing or invalid setting. */
export class ConfigError extends Error {
  readonly problems: Problem[];
  constructor(group: string, problems: Problem[]) {
    super(`Configuration (${group}): ${reasonOf(problems)}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}
