/**
 * The landing page's sections below the first view. Until a section is marked `data-rendered`, the stylesheet gives
 * it `content-visibility: auto` with a size kept for it (client/styles/sections.css): the browser lays out and paints
 * a section only as it nears the viewport, so neither the first view nor the seconds after it lay out the whole page
 * (issue 58: on a phone eight times slower each section was a frame of 50–120 ms of its own). Programs is held by its
 * cards and About also by its words (decision 050); marking a section rendered renders those too.
 * Before a scroll to a section (the header's section links, arriving at an anchor), every section is rendered at once,
 * so the scroll lands where the section really is and not where its kept size put it.
 */

import { putInAllForms } from './forms-later';

const SECTIONS = ':is(.section, .site-footer):not([data-rendered])';

/**
 * Marks every section rendered now (its layout then comes with the next frame, or the next read of a position), with
 * every form still held for later in it (client/forms-later.ts).
 */
export function renderAllSections(): void {
  putInAllForms();
  for (const section of Array.from(document.querySelectorAll(SECTIONS))) section.setAttribute('data-rendered', '');
}

/**
 * Arriving at an anchor (`/#newsletter`, where a plain post comes back): every section rendered, and every form put
 * in, before `DOMContentLoaded`; the browser scrolls to its target again as the layout changes until the page has
 * loaded. The same when the anchor changes. Called by the boot script. (Without JavaScript the stylesheet renders
 * every section: client/styles/sections.css.)
 */
export function renderSectionsForAnchors(): void {
  if (window.location.hash.length > 1) renderAllSections();
  addEventListener('hashchange', renderAllSections);
}
