/** What the desk says about the quiz's funnel on the Numbers page, and the names of its tables' scroll boxes. */

export const deskFunnel = {
  heading: (days: number) => `Quiz funnel, last ${days} days`,
  intro:
    'Each visitor is counted once a day, at the furthest step they reached; a quiz sent counts as finished. These are the same counts as on Sources for the same days.',
  /** Step 1 is the quiz opened, the last the contact step. */
  step: (n: number, last: number) =>
    n === 1 ? 'Opened the quiz' : n === last ? 'Finished (contact step)' : `Reached step ${n}`,
  leads: 'Sent (quiz leads)',
  /** The name of the Numbers page's leads-per-day table's box, which scrolls sideways on a phone. */
  leadsPerDayBox: 'Leads per day, table (scrolls sideways)',
} as const;
