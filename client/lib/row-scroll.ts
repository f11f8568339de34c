import { prefersReducedMotion } from './motion';

/** How far the previous/next buttons scroll a row of videos. */
const SCROLL_STEP_PX = 320;

/**
 * Scrolls a row of videos one step back (-1) or on (1). The resource topics' arrows use it, in the island and, before
 * the island's code has arrived, in the page's inline script (client/resource-tabs-early.ts).
 */
export function scrollRow(row: Element | null | undefined, direction: number): void {
  row?.scrollBy({ left: direction * SCROLL_STEP_PX, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}
