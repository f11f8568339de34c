/** What the desk says about answering, reading and finishing conversations, and about opted-out numbers. */
export const conversationDay = {
  /** Where the answer form would be, on a number that opted out: why nothing can be sent and how that ends. */
  optedOutNoReply: {
    heading: 'Nothing can be sent to this number',
    byMessage: (on: string) =>
      `They wrote STOP on ${on}, so WhatsApp messages from the business to this number are blocked. It ends when they write START to the business number; until then, reach them another way (call or email).`,
    byOwner: (on: string, who: string) =>
      `${who} recorded on ${on} that they asked for no more WhatsApp messages, so messages to this number are blocked. It ends when they write START, or when you opt them back in because they asked.`,
  },
  /** A post of an answer to a number that opted out (409), shown by the form. */
  refusedOptedOut:
    'Not sent: this number asked for no more WhatsApp messages (STOP). Nothing was sent. It ends when they write START.',
  /** Shown by the form right after an answer was sent, then its delivery as WhatsApp reports it. */
  sent: 'Sent',
  sentState: (state: string) => `WhatsApp: ${state}. Reload the page to see whether it was delivered and read.`,
  sentQueued: 'Waiting to send',
  /** A conversation whose visitor wrote last. */
  needsAnswer: 'Needs an answer',
  done: {
    button: 'Done',
    hint: 'Nothing more to answer? Mark it done: it stops showing as needing an answer until they write again.',
    marked: (who: string, on: string) => `Marked done by ${who} ${on}.`,
  },
  /** A person who only wrote on WhatsApp: the follow-up status and note a lead has. */
  person: {
    statusHeading: 'Status',
    noteHeading: 'Note',
    noteLabel: 'Note about this person',
    noteHint: 'Only the owners see this note.',
    saveNote: 'Save note',
    statusSetBy: (who: string, on: string) => `Set by ${who} ${on}`,
    noteSavedBy: (who: string, on: string) => `Saved by ${who} ${on}`,
  },
  /** Recording an opt-out for a visitor asks to confirm, and can be undone right after. */
  optOutConfirm: {
    question: 'Record that this number asked for no more WhatsApp messages?',
    hint: 'Nothing more is sent to this number from the business until they write START or you opt them back in.',
    confirm: 'Yes, record it',
    cancel: 'Cancel',
    recorded: 'Recorded: nothing more is sent to this number.',
    undo: 'Undo',
    undone: 'Undone: the opt-out you recorded was removed.',
    /** Undo refused: the visitor wrote STOP themselves since; their own request stands. */
    visitorStopped: 'Not undone: they wrote STOP themselves, and only they can end that by writing START.',
  },
} as const;
