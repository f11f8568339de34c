/**
 * Feed parsing cost inside workerd: a full 15-entry channel feed, and the hostile documents the parser refuses
 * (tests/feeds/parse.test.ts checks each is refused by its rule). The Worker has ~10 ms of CPU per request.
 * `npm run bench` runs this (MEASURE=1) and fails when a budget is broken; `npm test` never times.
 */
import { describe, expect, it } from 'vitest';
import { CHANNEL_RULE, parseFeed } from '../../../src/feeds/parse';
import ift from '../../../tests/fixtures/youtube/channel-ift-2021-uc-prefix.xml?raw';
import { hostileFeeds } from '../../../tests/support/feeds';

/** The median of `runs` parses in ms (a preempted run on a busy machine is not the parser's time). */
function median(xml: string, runs: number): number {
  parseFeed(xml, CHANNEL_RULE); // warm-up (JIT)
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    parseFeed(xml, CHANNEL_RULE);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

describe('feed parsing cost', () => {
  it.each([
    ['a full 15-entry channel feed', () => ift, 25],
    ['a huge document', hostileFeeds.huge, 50],
    ['a billion-laughs document', hostileFeeds.billionLaughs, 50],
    ['50,000 nested elements', hostileFeeds.deepNesting, 500],
  ] as const)('parses or refuses %s within its budget', (what, make, budgetMs) => {
    const ms = median(make(), 21);
    console.log(`feed parse CPU (workerd, median of 21): ${what}: ${ms.toFixed(2)} ms (budget ${budgetMs} ms)`);
    expect(ms).toBeLessThan(budgetMs);
  });
});
