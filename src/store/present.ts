/** The fields of `T` that hold a value, each left out when it holds none. */
export type Present<T> = { [K in keyof T]?: NonNullable<T[K]> };

/**
 * The fields that hold a value. A record leaves out what it does not have rather than carry null or undefined:
 * a NULL column, a document's missing field or an input's unset option becomes an absent property.
 */
export function present<T extends Record<string, unknown>>(fields: T): Present<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null && value !== undefined),
  ) as Present<T>;
}
