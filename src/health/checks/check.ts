/** One line of the self-check: what was checked, whether it works, and what to do when it does not. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** The window the delivery and newsletter counts look back over. */
export const DELIVERY_WINDOW_HOURS = 24;

export const ok = (name: string, detail: string): Check => ({ name, ok: true, detail });
export const failing = (name: string, detail: string): Check => ({ name, ok: false, detail });
