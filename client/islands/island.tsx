import type { ComponentType } from 'react';

/**
 * When an island's code is fetched and hydrated: `eager` at once (what the first view needs), `visible`
 * when it comes near the viewport or is first touched, `interaction` on the first click on an element
 * that asks for it (the enquiry dialog: any [data-open-enquiry]), `touch` fetched at once but started only
 * once the visitor has tapped or typed in it and that tap has been answered (the quiz: the page's inline
 * script answers its first taps, decision 036). Until then the server's HTML works alone: links are links
 * and forms post themselves.
 */
export type LoadStrategy = 'eager' | 'visible' | 'interaction' | 'touch';

/**
 * Server-side marker for an interactive part of the page. The component is
 * rendered into the HTML here; the browser entry later hydrates the same
 * markup in place with the same props (serialised into `data-props`).
 * An island receives data only through its props.
 * `later`: a form the first view does not show, written inside `<noscript data-later="<name>" data-put-in="…">`. A
 * browser without JavaScript and a crawler read it as any form; a browser that runs scripts has it put in later
 * (client/forms-later.ts), so the browser's read of the forms at `DOMContentLoaded` finds none there (issue 58):
 * - `near`: as its section nears the view (a form below the landing page's first view);
 * - `on-open`: as the visitor presses a link that opens it (the enquiry's dialog).
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  load = 'visible',
  later,
}: {
  name: string;
  component: ComponentType<P>;
  props: P;
  load?: LoadStrategy;
  later?: 'near' | 'on-open' | undefined;
}) {
  const island = (
    <div data-island={name} data-load={load} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
  return later ? (
    <noscript data-later={name} data-put-in={later}>
      {island}
    </noscript>
  ) : (
    island
  );
}
