import type { Page } from '@playwright/test';

/**
 * The elements that stick out past the viewport's right edge, each named by its tag, classes and first words. An
 * element inside a scroll container that itself ends within the viewport and can be scrolled with the keyboard (it
 * takes focus, or holds something that does) is not counted: the owner scrolls that box, not the page. Elements not
 * rendered (no box) are not counted either.
 */
export function elementsPastRightEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const edge = window.innerWidth + 0.5;
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
    const page = document.documentElement.scrollWidth - window.innerWidth;
    if (page > 0) past.unshift(`the page scrolls sideways by ${page} px`);
    return past;
  });
}
