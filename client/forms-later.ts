/**
 * The forms the first view does not show come in the HTML inside `<noscript data-later="<island>" data-put-in="…">`
 * (client/islands/island.tsx, `later`): the landing page's forms below the first view (the newsletter's, a free
 * guide's) and the enquiry's closed dialog. A browser without JavaScript, and a crawler, read and show them as any
 * form: the HTML is the same for every visitor. A browser that runs scripts reads what is inside a `<noscript>` as
 * text, so there is no form there until this script puts it in:
 * - `near`: as its section comes within two screens of the view. The browser renders a section one and a half
 *   screens ahead (client/render-sections.ts), so the form is in before its section is drawn, and nothing the
 *   visitor sees moves;
 * - `on-open`: as the visitor presses a link that opens it (the enquiry's dialog: `ISLAND_OPENERS`,
 *   client/lib/island-markers.ts), in the press's `click` before anything else sees it (client/boot.ts), so the link
 *   then does what it did with the dialog always there: the islands' code opens it, or, before that code has
 *   arrived, the browser goes to `#contact` and shows it in place. A visitor who never asks for it never has it
 *   parsed.
 *
 * Why (issue 58): Chromium's autofill reads every form on the page as `DOMContentLoaded` is dispatched, and lays out
 * each field to know whether it can be filled. On a phone eight times slower that read, with the style and layout it
 * forced, was 40–100 ms of the landing page's longest task, after the first paint, even with the forms out of the
 * layout for it (decision 050); the enquiry's closed dialog alone was 15–35 ms of the client page's (decision 054).
 * Autofill reads a form put in later when it arrives, in a task of its own.
 *
 * The forms are put in at once, before the browser could pass one by:
 * - on a reload or a return to the page (the browser puts the visitor back where they were, which may be at a form):
 *   those held until near, before `DOMContentLoaded`;
 * - with every section, on arriving at a fragment (`/#newsletter`, where a plain post comes back; `#contact`, the
 *   enquiry's own), on a change of fragment, and before a scroll to a section (the header's links):
 *   client/render-sections.ts;
 * - on the first key press: Tab's order, Page Down and End go further than two screens in one step;
 * - before printing.
 */
import { closestTo } from './lib/event-target';
import { ISLAND_OPENERS } from './lib/island-markers';

const LATER = 'noscript[data-later]';
const NEAR_FORMS = 'noscript[data-later][data-put-in="near"]';
const ON_OPEN_FORMS = 'noscript[data-later][data-put-in="on-open"]';
/** How far from the view a form's section is when its form is put in: two screens, above and below. */
const NEAR = '200% 0px';

/** Puts the HTML of one `<noscript data-later>` in its place, then tells the islands' entry (client/entry.tsx). */
function putIn(held: Element): void {
  if (!held.isConnected) return;
  // Parsed in a template's document, then moved in: in the page's own (insertAdjacentHTML) the task was longer.
  const template = document.createElement('template');
  template.innerHTML = held.textContent ?? '';
  held.replaceWith(template.content);
  document.dispatchEvent(new Event('islands:added'));
}

/** Puts every form still held in its place now. */
export function putInAllForms(): void {
  for (const held of Array.from(document.querySelectorAll(LATER))) putIn(held);
}

/**
 * On a press on one of its openers (`ISLAND_OPENERS`), puts in a form held until opened (the enquiry's dialog). A
 * listener for `click` in the capture phase on the window, so ahead of the islands' own (client/entry.tsx) and of the
 * link's default action.
 */
export function putInFormsOnOpen(event: Event): void {
  for (const held of Array.from(document.querySelectorAll<HTMLElement>(ON_OPEN_FORMS))) {
    const opener = ISLAND_OPENERS[held.dataset.later ?? ''];
    if (opener && closestTo(event, opener)) putIn(held);
  }
}

/** Whether this load is a reload or a return (back, forward), where the browser restores the scroll position. */
function restoresScroll(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.type === 'reload' || navigation?.type === 'back_forward';
}

/** Starts watching the sections of the forms held until near; called by the boot script before `DOMContentLoaded`. */
export function putInFormsWhenNear(): void {
  const held = Array.from(document.querySelectorAll(NEAR_FORMS));
  if (held.length === 0) return;
  if (restoresScroll()) {
    for (const form of held) putIn(form);
    return;
  }
  // A `<noscript>` has no box: its section is what comes near.
  const bySection = new Map<Element, Element[]>();
  for (const form of held) {
    const section = form.closest('section') ?? form.parentElement;
    if (section) bySection.set(section, [...(bySection.get(section) ?? []), form]);
  }
  const near = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        near.unobserve(entry.target);
        for (const form of bySection.get(entry.target) ?? []) putIn(form);
      }
    },
    { rootMargin: NEAR },
  );
  for (const section of bySection.keys()) near.observe(section);
  addEventListener('keydown', putInAllForms, { once: true, capture: true });
  addEventListener('beforeprint', putInAllForms, { once: true });
}
