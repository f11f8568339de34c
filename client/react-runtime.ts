import { createElement, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * What the entry uses of React, in a module of its own: the entry imports it with the first island that starts
 * (client/entry.tsx), so a page with nothing to hydrate yet evaluates no React.
 */
export { createElement, hydrateRoot };

/** Renders its child unchanged and reports once React has committed the hydrated tree. */
export function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}
