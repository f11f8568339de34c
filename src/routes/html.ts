import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';

/**
 * A finished page as HTML, the doctype included. React's static renderer waits for the whole tree, as
 * `renderToString` does, and writes the same markup; `renderToString` would bring React's second (legacy)
 * server renderer into the Worker, about 270 KiB beside this one.
 */
export async function pageHtml(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}
