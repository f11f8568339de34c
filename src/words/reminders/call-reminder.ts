/**
 * A reminder of a booked call to the person who booked it. The WhatsApp text says what the approved template
 * `call_reminder` says (inside the 24-hour window it goes as a text).
 */
export const callReminderWords = {
  text: (first: string, when: string, program: string) =>
    `Hello ${first}, a reminder of your call on ${when} (India time).\nProgram: ${program}\nTo move it, reply here.`,
  /** When the lead gave no first name. */
  noName: 'there',
  /** When the booking named no program the site knows. */
  noProgram: 'your call',
  /**
   * The one email to the booking's address when the lead has no number. The result email's sender only sends, so
   * it points to the booking tool's own confirmation, which carries the links to move or cancel the call.
   */
  email: {
    subject: (when: string) => `Reminder: your call on ${when}`,
    text: (first: string, when: string, program: string, from: string) =>
      [
        `Hello ${first},`,
        '',
        `A reminder of your call on ${when} (India time).`,
        `Program: ${program}`,
        '',
        'To move or cancel it, use the link in the confirmation email of your booking.',
        '',
        from,
      ].join('\n'),
  },
};
