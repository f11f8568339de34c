/** What the desk says about a call's outcome: the two buttons, the mark, the inbox's list, the refusals. */
export const deskOutcome = {
  /** The buttons' group, for a screen reader. */
  question: 'How did the call go?',
  values: { attended: 'Attended', no_show: 'No-show' },
  /** The mark: "No-show · marked by Priya, 28 Nov 14:05". */
  marked: (value: string, who: string, at: string) => `${value} · marked by ${who}, ${at}`,
  /** The inbox's list of calls whose end passed a day ago and that no owner marked. */
  inbox: {
    title: 'How did it go?',
    intro: 'These calls ended over a day ago and nobody marked them yet.',
    call: (at: string) => `Call ${at}`,
  },
  errors: {
    outcome: 'Choose Attended or No-show.',
    booking: 'This call is not one the desk knows. Open the page again. Nothing was changed.',
    notEnded: 'This call has not ended yet: mark it once its end has passed. Nothing was changed.',
    notOn: 'This call was cancelled or moved, so there is nothing to mark. Nothing was changed.',
  },
} as const;
