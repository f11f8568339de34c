/** What the desk says about a follow-up: the approved template an owner sends once WhatsApp's 24-hour window closed. */
export const followUp = {
  heading: 'Send a follow-up',
  /** The one line above the button, then the message as they will read it. */
  explain:
    'WhatsApp lets the business write first only with an approved message. This one is sent from the business number:',
  send: 'Send a follow-up',
  /** The banner after the owner sent one (or tapped twice: it goes once). */
  sent: 'Follow-up sent. When they answer, the reply box returns.',
  /** Who sent it, on the conversation. */
  sentBy: (who: string) => `Follow-up sent by ${who}`,
  /** The template's {{2}}: the owner who sends it and the business. */
  writer: (owner: string, business: string) => `${owner} from ${business}`,
  /** {{2}} when the signed-in owner is not one of the configured owners (OWNER_EMAILS). */
  writerTeam: (business: string) => `the team of ${business}`,
  /** {{1}} when the person gave no name (their WhatsApp profile has none). */
  noName: 'there',
  /** {{3}}: what they asked about, when a quiz recommended nothing, for an enquiry, and for a person with no lead. */
  aboutQuiz: 'your quiz result',
  aboutEnquiry: 'your enquiry',
  aboutMessage: 'your message',
  /** Why no follow-up can go now (each also the answer to a form that was refused; nothing is sent). */
  refused: {
    window_open: 'Not sent: the 24-hour window is open, so answer in the reply box instead.',
    unverified:
      'Not sent: this lead’s form was not verified as sent by a person, so the business never writes first to its number.',
    opted_out: 'Not sent: this number opted out of WhatsApp messages from the business.',
    no_phone: 'Not sent: this lead has no phone number.',
    recent: (next: string) =>
      `Not sent: a follow-up went to this number in the last 7 days and they have not answered since. The next is possible ${next}.`,
    budget: 'Not sent: today’s budget of messages to visitors is spent. Try again tomorrow.',
  },
  reload: 'Reload the page and send the follow-up again.',
} as const;
