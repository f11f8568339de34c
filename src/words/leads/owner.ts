/** Whose lead it is, as the desk says it: on a lead's page, in the inbox's filter and tags, and in the export. */
export const ownerWords = {
  title: 'Whose lead',
  yours: 'Yours',
  theirs: (name: string) => `${name}’s`,
  nobodys: 'Nobody’s yet',
  setBy: (who: string, when: string) => `Set by ${who} on ${when}`,
  take: 'Take it',
  give: (name: string) => `Give to ${name}`,
  nobody: 'Nobody’s',
  hint: 'Alerts about a lead someone took go to them; the other owner sees them in the hourly digest.',
  /** The banner after a change, with what the lead is now. */
  saved: (whose: string) => `Whose lead: ${whose}.`,
  notAnOwner: 'Choose one of the owners, or nobody.',
  /** The inbox's filter. */
  filter: 'Whose',
  filters: { all: 'Everyone’s', mine: 'Mine', theirs: 'Theirs', nobody: 'Nobody’s' },
  /** The tag on a taken lead's row. */
  tag: (name: string) => `${name}’s`,
} as const;
