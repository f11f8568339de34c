/** Anchor scroll delay after navigating home (specification: about 50 ms). */
export const ANCHOR_SCROLL_DELAY_MS = 50;

/** The section a link on another page asked for, kept for the landing page across the navigation. */
const PENDING_KEY = 'nav:section';

/**
 * Section links go to / first, then smooth-scroll to the anchor after ~50 ms.
 * From another page (the quiz) the link navigates to / without a hash, so the
 * browser does not jump; the landing page then scrolls (scrollToPendingSection).
 * Without sessionStorage it falls back to /#anchor (the browser's own jump).
 */
export function goToSection(anchor: string): void {
  if (window.location.pathname !== '/') {
    try {
      sessionStorage.setItem(PENDING_KEY, anchor);
      window.location.assign('/');
    } catch {
      window.location.assign(`/#${anchor}`);
    }
    return;
  }
  if (window.location.hash !== `#${anchor}`) history.pushState(null, '', `/#${anchor}`);
  window.setTimeout(() => scrollToAnchor(anchor), ANCHOR_SCROLL_DELAY_MS);
}

/** On the landing page: finish a section link followed from another page (address, then delayed scroll). */
export function scrollToPendingSection(): void {
  let anchor: string | null = null;
  try {
    anchor = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    return;
  }
  if (!anchor || window.location.pathname !== '/' || !document.getElementById(anchor)) return;
  history.replaceState(null, '', `/#${anchor}`);
  window.setTimeout(() => scrollToAnchor(anchor), ANCHOR_SCROLL_DELAY_MS);
}

export function scrollToAnchor(anchor: string): void {
  const target = document.getElementById(anchor);
  if (!target) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
}
