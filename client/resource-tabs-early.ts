/**
 * The resource topics before the islands' code has arrived: part of the page's inline script (client/boot.ts).
 * Until then a tap on a topic or on a row's arrow would be held for the island and answered once React had hydrated
 * it (about half a second on a slow phone). Here it is answered at once:
 * - a topic is selected by setting what the island renders for a selected tab (each tab's `aria-selected` and
 *   `tabindex`, each panel's `hidden`), and its index is written into the island's props (`selected`), so the island
 *   hydrates markup that matches what it renders;
 * - an arrow (`data-step`) scrolls the shown topic's row as the island's would. A row's scroll position is the
 *   browser's, not the island's state, so nothing needs handing over. With no row yet (the feeds still loading) the
 *   press is left to be held for the island.
 * Once the island's React root has started (`data-react` on its marker) the press is React's.
 */
import { closestTo } from './lib/event-target';
import { REACT_STARTED } from './lib/island-markers';
import { scrollRow } from './lib/row-scroll';

export function startResourceTabs(): void {
  // In the capture phase, ahead of the boot script's holding of island buttons (registered after this).
  addEventListener(
    'click',
    (event) => {
      const button = closestTo<HTMLElement>(event, '[data-island="ResourceTabs"] :is([role="tab"], [data-step])');
      const island = button?.closest<HTMLElement>('[data-island]');
      if (!button || !island || island.hasAttribute(REACT_STARTED)) return;
      if (button.dataset.step) {
        const row = island.querySelector('[role="tabpanel"]:not([hidden]) .video-row');
        if (!row) return;
        // Answered here: not held for the island.
        event.stopImmediatePropagation();
        scrollRow(row, Number(button.dataset.step));
        return;
      }
      event.stopImmediatePropagation();
      const tabs = Array.from(island.querySelectorAll<HTMLElement>('[role="tab"]'));
      const selected = tabs.indexOf(button);
      tabs.forEach((each, i) => {
        each.setAttribute('aria-selected', String(i === selected));
        each.tabIndex = i === selected ? 0 : -1;
        const panel = document.getElementById(each.getAttribute('aria-controls') ?? '');
        if (panel) panel.hidden = i !== selected;
      });
      const props = JSON.parse(island.dataset.props ?? '{}') as object;
      island.dataset.props = JSON.stringify({ ...props, selected });
    },
    true,
  );
}
