import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './test';

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core over a page: the WCAG 2.x A and AA rules, and best practice unless `bestPractice` is false. Every violation
 * is reported whole; of the rules that passed or did not apply, one element each (`resultTypes`), since the suite reads
 * only the violations.
 */
export function axe(page: Page, { bestPractice = true } = {}): AxeBuilder {
  return new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(bestPractice ? [...WCAG, 'best-practice'] : WCAG);
}

/** The violations as a failure reads them: each rule, its impact, and the elements it found. */
export function summarize(violations: Violations): string[] {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The page has no accessibility violations (axe, WCAG 2.2 AA and best practice). */
export async function expectNoViolations(page: Page, label: string) {
  const { violations } = await axe(page).analyze();
  expect(summarize(violations), label).toEqual([]);
}
