/**
 * Attributes on an island's marker that the page's inline script (client/boot.ts) and the entry (client/entry.tsx)
 * tell each other by.
 */

/** The island's React root has started (set by the entry just before it starts it). */
export const REACT_STARTED = 'data-react';
/**
 * The inline script has changed the island's markup before React arrived (a quiz step, client/quiz-steps.ts); its
 * props hold the state it reached, and the entry renders it afresh from them.
 */
export const MOVED_BEFORE_REACT = 'data-moved';

/**
 * For an `interaction` island, the elements whose first click loads it and opens it (client/entry.tsx); for one held
 * until opened (`later: 'on-open'`), the same click puts it in first (client/forms-later.ts).
 */
export const ISLAND_OPENERS: Record<string, string> = { EnquiryModal: '[data-open-enquiry]' };
