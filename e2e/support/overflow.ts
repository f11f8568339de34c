import type { Page } from '@playwright/test';

/**
 * The elements that stick out past the viewport's right edge, each named by its tag, classes and first words. An
 * element inside a scroll container that itself ends within the viewport and can be scrolled with the keyboard (it
 * takes focus, or holds something that does) is not counted: the owner scrolls that box, not the page. Elements not
 * rendered (no box) are not counted either. Text that runs past the edge (a long word out of its box) counts too.
 */
export function elementsPastRightEdge(page: Page): Promise<string[]> {
  // A phone widens its layout viewport to fit a page too wide for it: the screen's width is the test's viewport.
  const screen = page.viewportSize()?.width ?? 0;
  return page.evaluate((screen) => {
    const width = screen || window.innerWidth;
    const edge = width + 0.5;
    const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    const scrollsWithinView = (box: Element): boolean => {
      const style = getComputedStyle(box);
      if (!['auto', 'scroll'].includes(style.overflowX)) return false;
      if (box.getBoundingClientRect().right > edge) return false;
      const el = box as HTMLElement;
      return el.tabIndex >= 0 || box.querySelector(FOCUSABLE) !== null;
    };
    const describe = (el: Element): string => {
      const classes = Array.from(el.classList)
        .map((c) => `.${c}`)
        .join('');
      const words = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const right = Math.round(el.getBoundingClientRect().right);
      return `${el.tagName.toLowerCase()}${classes} (right ${right}) “${words}”`;
    };
    const past: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      if (rect.right <= edge) continue;
      let held = false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (scrollsWithinView(up)) {
          held = true;
          break;
        }
      }
      if (!held) past.push(describe(el));
    }
    // Text can run out of its box (a long word that does not wrap) while the box itself ends within the screen.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !(node.textContent ?? '').trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (!Array.from(range.getClientRects()).some((r) => r.width > 0 && r.right > edge)) continue;
      let held = false;
      for (let up: Element | null = parent; up && up !== document.body; up = up.parentElement) {
        if (scrollsWithinView(up)) {
          held = true;
          break;
        }
      }
      if (!held) past.push(`text “${(node.textContent ?? '').trim().slice(0, 40)}” in ${describe(parent)}`);
    }
    const page = document.documentElement.scrollWidth - width;
    if (page > 0) past.unshift(`the page scrolls sideways by ${page} px`);
    if (window.innerWidth > edge) past.unshift(`the page widened the phone's screen to ${window.innerWidth} px`);
    return past;
  }, screen);
}

/**
 * The words split across two lines inside `selector` (a word broken letter by letter has one box per line), and the
 * elements inside each match that stick out past its right edge. Only what is rendered counts.
 */
export function brokenWordsAndSpill(page: Page, selector: string): Promise<{ broken: string[]; spill: string[] }> {
  return page.evaluate((selector) => {
    const broken: string[] = [];
    const spill: string[] = [];
    for (const box of Array.from(document.querySelectorAll(selector))) {
      const edge = box.getBoundingClientRect().right + 0.5;
      for (const el of Array.from(box.querySelectorAll('*'))) {
        const rect = el.getBoundingClientRect();
        if ((rect.width > 0 || rect.height > 0) && rect.right > edge) spill.push(`${el.tagName}: ${el.textContent}`);
      }
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S{2,}/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return { broken, spill };
  }, selector);
}
