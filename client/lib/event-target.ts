/** The element matching `selector` at or above the event's target (a click on a button's icon finds the button). */
export function closestTo<E extends Element = Element>(event: Event, selector: string): E | null {
  return event.target instanceof Element ? event.target.closest<E>(selector) : null;
}
