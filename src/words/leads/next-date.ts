/**
 * A lead's next date on the desk: when an owner means to come back to it, with what for, and the inbox's lists of
 * the leads due (and of the quiz leads that never booked a call).
 */
export const nextDateWords = {
  title: 'Next date',
  /** No date set: what setting one does. */
  none: 'No next date. Set one and the lead’s owner (both owners while nobody has taken it) gets one reminder then.',
  at: 'When',
  atHint: 'Date and time in India time (IST).',
  note: 'What for (optional)',
  noteHint: (max: number) => `At most ${max} characters; it goes in the reminder.`,
  save: 'Save next date',
  clear: 'Clear next date',
  setBy: (who: string, when: string) => `Set by ${who} on ${when}`,
  /** A refused form, above the fields. */
  check: 'The next date was not saved: check the field marked below.',
  errors: {
    at: 'Choose a date and time, like 3 Dec 2026, 10:00.',
    notReal: 'That date does not exist: choose another.',
    tooFar: 'Choose a date within the next two years.',
    noteWithoutDate: 'Choose when to come back to the lead, or clear its next date.',
    noteTooLong: (max: number) => `Keep the note to ${max} characters or fewer.`,
  },
  /** The banner once the form was saved. */
  saved: 'Next date saved.',
  cleared: 'Next date cleared.',
  /** The tag beside a date that has come. */
  overdue: 'Overdue',
  dueToday: 'Due today',
  /** The inbox's sections. */
  inbox: {
    title: 'Leads to come back to',
    overdue: 'Overdue',
    today: 'Due today',
    noCall: 'No call yet',
    noCallHint: (hours: number) =>
      `Quiz leads given a recommendation more than ${hours} hours ago who have not booked a call.`,
    due: (when: string) => `Due ${when}`,
    result: (when: string) => `Quiz result ${when}`,
    takenBy: (name: string) => `${name}’s lead`,
    nobodys: 'Nobody’s lead',
    /** Opens a "No call yet" row's follow-up (the message as it will read, and its button). */
    followUp: 'Follow up on WhatsApp',
  },
} as const;
