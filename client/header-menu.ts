/**
 * The site header's behaviour, without React: part of the page's inline script (client/boot.ts), so it works
 * from the first paint, before any other script arrives.
 * - The shadow once the page has scrolled SHADOW_THRESHOLD_PX, told by an IntersectionObserver on a sentinel as tall
 *   as that at the top of the page (`.scroll-sentinel`), so that starting never reads a position: reading one
 *   would lay the page out in this script's own task.
 * - The phone menu, a modal `<dialog>`: its button opens it by itself where the browser knows `commandfor`
 *   (and here otherwise); Tab stays inside it, a tap outside closes it, `aria-expanded` follows it, and the page
 *   behind does not scroll.
 * - Section links go to / and smooth-scroll to the section after ANCHOR_SCROLL_DELAY_MS (from another page: the
 *   landing page finishes the scroll once it loads), closing the menu first.
 */

import { closestTo } from './lib/event-target';
import { trapTab } from './lib/focus-trap';
import { prefersReducedMotion } from './lib/motion';
import { renderAllSections } from './render-sections';

/** Header shadow threshold: the height of `.scroll-sentinel` (client/styles/header.css). */
export const SHADOW_THRESHOLD_PX = 8;
/** Anchor scroll delay after navigating home (about 50 ms). */
export const ANCHOR_SCROLL_DELAY_MS = 50;
/** The section a link on another page asked for, kept for the landing page across the navigation. */
const PENDING_KEY = 'nav:section';

function scrollToAnchor(anchor: string): void {
  const target = document.getElementById(anchor);
  if (!target) return;
  renderAllSections();
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
}

/**
 * From another page (the quiz) the link navigates to / without a hash, so the browser does not jump; the
 * landing page then scrolls. Without sessionStorage it falls back to /#anchor (the browser's own jump).
 */
function goToSection(anchor: string): void {
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

/**
 * Whether the visitor came here from one of the site's own pages, the only way a section can be pending. A visit
 * from anywhere else never opens sessionStorage: its first read waits for the browser process, and on a slow phone
 * it made the landing page's load one of its longest tasks (decision 036).
 */
function cameFromThisSite(): boolean {
  // No referrer (typed, a bookmark, another app): nothing to parse, and no exception to make on a slow phone.
  if (!document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** On the landing page: finish a section link followed from another page (address, then delayed scroll). */
function scrollToPendingSection(): void {
  if (!cameFromThisSite()) return;
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

export function startHeader(): void {
  const header = document.querySelector<HTMLElement>('.site-header');
  if (!header) return;
  // Scrolled more than the sentinel's height: no part of it is in view (touching the top edge still counts).
  const sentinel = document.createElement('div');
  sentinel.className = 'scroll-sentinel';
  sentinel.setAttribute('aria-hidden', 'true');
  document.body.prepend(sentinel);
  new IntersectionObserver((entries) => {
    const last = entries[entries.length - 1];
    if (last) header.classList.toggle('is-scrolled', !last.isIntersecting);
  }).observe(sentinel);

  const menu = document.getElementById('mobile-menu');
  const toggle = header.querySelector<HTMLButtonElement>('.menu-toggle');
  if (menu instanceof HTMLDialogElement && toggle) {
    const native = 'command' in HTMLButtonElement.prototype;
    // The page behind stays still while the menu is open (html.scroll-locked, as under the site's other dialogs).
    const sync = () => {
      toggle.setAttribute('aria-expanded', String(menu.open));
      document.documentElement.classList.toggle('scroll-locked', menu.open);
    };
    sync();
    menu.addEventListener('toggle', sync);
    menu.addEventListener('close', sync);
    if (!native) {
      toggle.addEventListener('click', () => {
        menu.showModal();
        sync();
      });
      menu.querySelector('[command="close"]')?.addEventListener('click', () => menu.close());
    }
    menu.addEventListener('keydown', (event) => trapTab(event, menu));
    // A tap on the backdrop is a click on the dialog itself, outside its box (closedby="any" where known).
    menu.addEventListener('click', (event) => {
      if (event.target !== menu) return;
      const box = menu.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) menu.close();
    });
  }

  header.addEventListener('click', (event) => {
    const link = closestTo<HTMLAnchorElement>(event, 'a[data-section]');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (menu instanceof HTMLDialogElement && menu.open) menu.close();
    goToSection(link.dataset.section ?? '');
  });
  // Once the page has loaded: before that, the sections are still moving as images arrive, and a smooth scroll
  // started while the document is loading ends as a jump.
  if (document.readyState === 'complete') scrollToPendingSection();
  else addEventListener('load', scrollToPendingSection, { once: true });
}
