/** Anchor scroll delay after navigating home (specification: about 50 ms). */
export const ANCHOR_SCROLL_DELAY_MS = 50;

/**
 * Section links go to / first, then smooth-scroll to the anchor after ~50 ms.
 * On another page (the quiz) this is a real navigation to /#anchor; the landing
 * page then performs the delayed smooth scroll itself (see scrollToHashOnLoad).
 */
export function goToSection(anchor: string): void {
  if (window.location.pathname !== '/') {
    window.location.assign(`/#${anchor}`);
    return;
  }
  if (window.location.hash !== `#${anchor}`) history.pushState(null, '', `/#${anchor}`);
  window.setTimeout(() => scrollToAnchor(anchor), ANCHOR_SCROLL_DELAY_MS);
}

export function scrollToAnchor(anchor: string): void {
  const target = document.getElementById(anchor);
  if (!target) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
}
