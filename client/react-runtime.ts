import { createElement, useEffect, type ReactElement, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';

/**
 * What the entry uses of React, in a module of its own: the entry imports it with the first island that starts
 * (client/entry.tsx), so a page with nothing to hydrate yet evaluates no React.
 */
export { createElement };

/** Renders its child unchanged and reports once React has committed the tree. */
export function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

/** The child indexes from `root` down to `node`, or undefined when `node` is not inside it. */
function pathTo(root: Element, node: Element | null): number[] | undefined {
  const path: number[] = [];
  for (let at = node; at && at !== root; at = at.parentElement) {
    if (!at.parentElement) return undefined;
    path.unshift(Array.prototype.indexOf.call(at.parentElement.children, at));
  }
  return node && root.contains(node) ? path : undefined;
}

/**
 * Starts an island's React root on the server's markup and calls `onCommit` once React has committed it. As a
 * rule it hydrates that markup. Where the page's inline script has already changed it (`moved`: a quiz step taken
 * before React arrived, client/quiz-steps.ts), hydration would not match: React renders the island afresh from the
 * props that script wrote (what the server's markup alone carried goes into those props too), and the focus goes
 * back to the element in the same place.
 */
export function startRoot(
  el: HTMLElement,
  island: ReactElement,
  {
    moved,
    onCommit,
    onRecoverableError,
  }: { moved: boolean; onCommit: () => void } & Pick<RootOptions, 'onRecoverableError'>,
): void {
  if (!moved) {
    hydrateRoot(el, createElement(Committed, { onCommit, children: island }), { onRecoverableError });
    return;
  }
  const focused = pathTo(el, document.activeElement);
  const refocus = () => {
    let at: Element | undefined = el;
    for (const i of focused ?? []) at = at?.children[i];
    if (focused && at instanceof HTMLElement) at.focus();
    onCommit();
  };
  createRoot(el, { onRecoverableError }).render(createElement(Committed, { onCommit: refocus, children: island }));
}
