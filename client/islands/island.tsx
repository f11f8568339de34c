import type { ComponentType } from 'react';

/** When an island's code is fetched and hydrated. */
export type LoadStrategy = 'eager' | 'idle';

/**
 * Server-side marker for an interactive part of the page. The component is
 * rendered into the HTML here; the browser entry later hydrates the same
 * markup in place with the same props (serialised into `data-props`).
 * An island receives data only through its props.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  load = 'idle',
}: {
  name: string;
  component: ComponentType<P>;
  props: P;
  load?: LoadStrategy;
}) {
  return (
    <div data-island={name} data-load={load} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
