/**
 * The landing page's sections below the first view, laid out one at a time. Until a section is marked
 * `data-rendered`, the stylesheet gives it `content-visibility: auto` (client/styles/sections.css): the browser
 * skips its style, layout and paint while it is away from the viewport, so the first view does not wait for the
 * whole page. Part of the page's inline script (client/boot.ts):
 * - right after the first paint, one section per frame, top to bottom, so no frame lays out more than one;
 * - all at once before a scroll to a section, so the scroll lands where the section really is.
 * Once every section is marked, `sections:rendered` is dispatched on the document (once): from then on nothing on
 * the page changes size as it comes into view.
 */

const SECTIONS = ':is(.section, .site-footer):not([data-rendered])';
export const SECTIONS_RENDERED_EVENT = 'sections:rendered';

/** Whether every section is marked (the entry asks before it waits for `sections:rendered`). */
export const sectionsRendered = (): boolean => !document.querySelector(SECTIONS);

let announced = false;

function done(): void {
  if (announced) return;
  announced = true;
  document.dispatchEvent(new Event(SECTIONS_RENDERED_EVENT));
}

/** Marks every section rendered now (its layout then comes with the next frame, or the next read of a position). */
export function renderAllSections(): void {
  for (const section of Array.from(document.querySelectorAll(SECTIONS))) section.setAttribute('data-rendered', '');
  done();
}

let inTurn = false;

/** Marks the sections rendered one per animation frame, top to bottom (once, however often it is called). */
export function renderSectionsInTurn(): void {
  if (inTurn) return;
  inTurn = true;
  const next = () => {
    const section = document.querySelector(SECTIONS);
    if (!section) return done();
    section.setAttribute('data-rendered', '');
    requestAnimationFrame(next);
  };
  requestAnimationFrame(next);
}
