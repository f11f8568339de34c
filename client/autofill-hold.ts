/**
 * Chromium's autofill reads every form on the page as `DOMContentLoaded` is dispatched, and to know whether a field
 * can be filled it lays the field out. For a form in a section far below the first view, which
 * `content-visibility: auto` leaves unrendered (client/render-sections.ts), that forces the style and layout of the
 * section: on a phone eight times slower than a laptop, 40–50 ms of the landing page's longest task (issue 58).
 *
 * The boot script runs in the task that dispatches `DOMContentLoaded`, just before that read. Each form whose section
 * is unrendered leaves the layout for that one task (`data-autofill-hold`: `display: none`) and is back in the next.
 * Nothing can be seen: the section is not drawn, and keeps its kept size, until it nears the viewport. A form on the
 * screen or near it is left alone. Autofill reads a form again when the visitor focuses one of its fields. Without
 * JavaScript, and for a crawler, nothing here runs: the HTML is the same.
 */
const HOLD = 'data-autofill-hold';

export function holdUnrenderedForms(): void {
  // A browser without checkVisibility, or without its `contentVisibilityAuto` option (which then reads every
  // rendered form as visible), holds none.
  if (typeof HTMLElement.prototype.checkVisibility !== 'function') return;
  // Arriving at a fragment (/#newsletter), the browser renders every section and scrolls to the target around
  // DOMContentLoaded: no form there may be out of the layout for a frame, so none is held.
  if (window.location.hash.length > 1) return;
  // With that option, a form in an unrendered section answers at once, without laying anything out (any other call
  // would render the section to answer). A form hidden anyway (in a closed dialog) is held too, which changes nothing.
  // Asked twice: a section the parser added since the last frame has no style yet, and the first answer computes it
  // (the section then starts unrendered until the browser has seen where it is); the second answer is from there.
  const forms = Array.from(document.forms);
  for (const form of forms) form.checkVisibility({ contentVisibilityAuto: true });
  const held = forms.filter((form) => !form.checkVisibility({ contentVisibilityAuto: true }));
  if (held.length === 0) return;
  for (const form of held) form.setAttribute(HOLD, '');
  // The next task: after `DOMContentLoaded` and autofill's read, which share this one. A timer, not the event, so a
  // form is never left out whatever order a browser runs them in.
  setTimeout(() => {
    for (const form of held) form.removeAttribute(HOLD);
  });
}
