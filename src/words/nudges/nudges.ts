/** What an owner's nudge (the WhatsApp template `lead_due`, or its fallback email) says. */
export const nudgeWords = {
  /** {{1}} when the lead gave no first name. */
  noName: 'a lead',
  /** {{1}} for a WhatsApp conversation no lead is linked to. */
  noLead: 'a WhatsApp conversation',
  /** {{2}} of a next date set without a note. */
  dueNoNote: 'The next date you set has come.',
  /** {{2}} of the left-alone rules: why now. */
  stillNew: (hours: number) => `New for ${span(hours)}, nobody answered yet`,
  noCall: (hours: number) => `Quiz result ${span(hours)} ago, no call booked`,
  waiting: (hours: number) => `Waiting ${span(hours)} for your answer`,
};

/** "5 hours", "1 day", "3 days": whole days when the hours make them. */
function span(hours: number): string {
  if (hours >= 24 && hours % 24 === 0) return hours === 24 ? '24 hours' : `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}
