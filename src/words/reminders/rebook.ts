/** The rebook message to a person an owner marked a no-show, and what the desk says about it. */
export const rebookWords = {
  /** Inside their 24-hour window the same words go as a plain text (no template needed). */
  text: (first: string, program: string, link: string) =>
    `Hello ${first}, we missed you on your call about ${program}.\nYou can book a new time here: ${link}\nOr reply here.`,
  /** {{1}} when the lead gave no name. */
  noName: 'there',
  /** {{2}} when the booking named no program. */
  noProgram: 'your call',
  heading: 'Send a rebook message',
  explain: 'Sent once from the business number, with the booking link that brings the new call back to this lead:',
  send: 'Send a rebook message',
  /** On Bookings and the inbox, under a no-show: the message is sent from the lead's page. */
  onLeadPage: 'Send a rebook message from the lead’s page',
  /** The message's label in the conversation: who sent it. */
  sentBy: (who: string) => `Rebook message sent by ${who}`,
  /** After it went: who sent it and when (from the ledger). */
  sent: (who: string, at: string) => `Rebook message sent by ${who}, ${at}.`,
  /** The page's banner right after an owner sent it. */
  sentBanner: 'Rebook message sent.',
  /** Why none can go (each also the answer to a refused form; nothing is sent). */
  refused: {
    no_phone: 'No rebook message: this lead has no phone number.',
    unverified:
      'No rebook message: this lead’s form was not verified as sent by a person, so the business never writes first to its number.',
    opted_out: 'No rebook message: this number opted out of WhatsApp messages from the business.',
    budget: 'No rebook message: the day’s limit of messages to visitors is reached. Try again tomorrow.',
    no_booking_page: 'No rebook message: no booking page is set (BOOKING_URL), so there is no link to send.',
    not_no_show: 'A rebook message goes only to a call marked No-show. Nothing was sent.',
    no_lead: 'This call is not linked to a lead, so there is no confirmed number to write to. Nothing was sent.',
    recent: (next: string) =>
      `No rebook message: a follow-up or rebook message went to this number in the last 7 days and they have not answered since. The next is possible ${next}.`,
    sent: (at: string) => `Already sent for this call, ${at}. It goes once per booking; nothing more was sent.`,
  },
  reload: 'This form is out of date. Open the page again and send from there.',
} as const;
