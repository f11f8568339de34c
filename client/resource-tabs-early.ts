/**
 * The resource topics' tabs before the islands' code has arrived: part of the page's inline script
 * (client/boot.ts). Until then a tap on a topic would be held for the island and shown once React had hydrated it
 * (about half a second on a slow phone). Here the tap selects the topic at once, setting what the island renders
 * for a selected tab (each tab's `aria-selected` and `tabindex`, each panel's `hidden`), and writes the topic's
 * index into the island's props (`selected`), so the island hydrates markup that matches what it renders.
 * Once the island's React root has started (`data-react` on its marker) the press is React's.
 */
import { REACT_STARTED } from './lib/island-markers';

export function startResourceTabs(): void {
  // In the capture phase, ahead of the boot script's holding of island buttons (registered after this).
  addEventListener(
    'click',
    (event) => {
      const tab =
        event.target instanceof Element
          ? event.target.closest<HTMLElement>('[data-island="ResourceTabs"] [role="tab"]')
          : null;
      const island = tab?.closest<HTMLElement>('[data-island]');
      if (!tab || !island || island.hasAttribute(REACT_STARTED)) return;
      // Answered here: not held for the island.
      event.stopImmediatePropagation();
      const tabs = Array.from(island.querySelectorAll<HTMLElement>('[role="tab"]'));
      const selected = tabs.indexOf(tab);
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
