import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';

/**
 * A finished page as HTML, the doctype included. `react-dom/server` is bundled as React's string renderer alone
 * (wrangler.toml's `[alias]`): its package entries also load the streaming renderer, which no page uses.
 */
export function pageHtml(node: ReactNode): string {
  return `<!DOCTYPE html>${renderToString(node)}`;
}
