import { createElement, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { captureFirstTouch } from './lib/attribution';
import { islands } from './islands/registry';

/**
 * Browser entry: finds the island markers the server rendered and hydrates each
 * in place. Eager islands hydrate at once; idle ones after the first paint,
 * when the browser is idle. When all have hydrated, <html data-hydrated> is set
 * (the e2e suite waits for it).
 */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const run = () => resolve();
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 1500 });
    else setTimeout(run, 200);
  });
}

/** Renders its child unchanged and reports once React has committed the hydrated tree. */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

async function hydrate(el: HTMLElement): Promise<void> {
  const name = el.dataset.island ?? '';
  const load = islands[name];
  if (!load) {
    console.error(`Unknown island "${name}"`);
    return;
  }
  if (el.dataset.load !== 'eager') await whenIdle();
  const { default: Component } = await load();
  const props = JSON.parse(el.dataset.props ?? '{}') as object;
  await new Promise<void>((resolve) => {
    hydrateRoot(
      el,
      createElement(Committed, { onCommit: () => resolve(), children: createElement(Component, props as never) }),
      {
        onRecoverableError(error) {
          console.error('Hydration error in island', name, error);
        },
      },
    );
  });
}

// Before anything else: the first page of the visit in this tab is where the lead came from.
captureFirstTouch();

const markers = Array.from(document.querySelectorAll<HTMLElement>('[data-island]'));
void Promise.all(markers.map(hydrate)).then(() => {
  document.documentElement.setAttribute('data-hydrated', '');
});
