/** What the visitor and the desk are told about opting out of WhatsApp messages (STOP and START). */
export const optOut = {
  /** The one message a visitor gets when they opt out (free-form, inside the 24-hour window). */
  confirmation: "You won't get messages from us here again. Write START if you change your mind.",
  /** On a conversation, a lead and a person: the number opted out. */
  optedOut: (on: string) => `Opted out of WhatsApp messages on ${on}`,
  byMessage: 'They wrote STOP on WhatsApp. No message from the business goes to this number until they write START.',
  byOwner: (who: string) =>
    `Recorded by ${who}. No message from the business goes to this number until they write START or you opt them back in.`,
  /** The person's page: which number opted out. */
  personLine: (phone: string, on: string) => `${phone}: opted out of WhatsApp messages on ${on}`,
  record: 'Record an opt-out',
  recordHint:
    'If they asked by phone, email or in person not to get WhatsApp messages from the business, record it here: nothing more is sent to this number.',
  undo: 'Opt them back in',
  undoHint: 'Only if they asked to hear from the business again.',
  noPhone: 'This lead has no phone number to opt out.',
  /** A conversation whose visitor wrote a stop word in a longer message: nothing changed until an owner decides. */
  mayWantToStop: 'They may want to stop getting WhatsApp messages',
  mayWantToStopQuote: (on: string) => `What they wrote on ${on}:`,
  mayWantToStopHint:
    'Their message mentions stopping but is not STOP alone, so nothing changed. If they meant it, opt them out: no message from the business goes to this number again, and they get no message saying so (answer them first if you want to).',
  optOutNow: 'Opt them out',
  /** The ledger's label of the confirmation, on the conversation. */
  confirmationLabel: 'Opt-out confirmation (sent automatically)',
  /** A message not sent because the number opted out. */
  skipped: 'Not sent: this number opted out of WhatsApp messages.',
} as const;
