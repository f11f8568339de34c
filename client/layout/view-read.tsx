/**
 * The id of an empty, hidden element right after what a page's first view can show (its `<main>`, and its footer
 * where one follows, as on a short page): `paintAfter` names it (client/document.tsx), so the browser paints the page
 * once all of that has been read.
 *
 * Why not `#main` itself (issue 58): Chromium lets a render-blocking `<link rel="expect">` go when the element it
 * names is put in the page, not when the parser has read what is inside it. At 8× CPU three loads of seven of `/quiz`
 * painted the header alone and laid the quiz out in the frame after (100–157 ms after the first paint); expecting an
 * element after `</main>`, none of seven did (docs/performance.md, sixth pass).
 */
export const VIEW_READ = 'view-read';

export function ViewRead() {
  return <span id={VIEW_READ} hidden />;
}
