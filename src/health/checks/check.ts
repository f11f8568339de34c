/** One line of the self-check: what was checked, whether it works, and what to do when it does not. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
  /**
   * Set when the check ran nothing: `unchecked` when the part is not set up on this copy (development only), `off`
   * when a tool is not connected. Either is `ok` (nothing is broken) but never shown as working.
   */
  state?: 'unchecked' | 'off';
}

/** The window the delivery and newsletter counts look back over. */
export const DELIVERY_WINDOW_HOURS = 24;

export const ok = (name: string, detail: string): Check => ({ name, ok: true, detail });
export const failing = (name: string, detail: string): Check => ({ name, ok: false, detail });
export const unchecked = (name: string, detail: string): Check => ({ name, ok: true, detail, state: 'unchecked' });
export const off = (name: string, detail: string): Check => ({ name, ok: true, detail, state: 'off' });
