/**
 * The plain constants behind the lead schemas, with no zod import, so the
 * browser's first-view islands can use them without pulling zod into their chunk.
 * lead-schemas.ts re-exports them for the API.
 */

export const LIMITS = { name: 80, email: 254, phone: 32, description: 2000 } as const;

/** Loose email pattern from the specification: something, @, something, a dot, something. */
export const LOOSE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
