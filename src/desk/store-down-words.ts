/**
 * What the desk says when the records it keeps (leads, calls, conversations, message history) cannot be reached:
 * the whole page when its own records cannot be read, or one part of a page that reads another store.
 */
export const deskStoreDown = {
  title: 'The desk cannot reach its records just now',
  lead: 'The place where the leads, calls and messages are kept did not answer. This is usually over within a few minutes.',
  stillWorks: {
    title: 'What still works',
    items: [
      'The website: visitors can still take the quiz, send an enquiry, sign up and book a call.',
      'A lead that arrives now is held and stored as soon as the records answer again.',
      'WhatsApp alerts that could not go out are tried again on their own.',
    ],
  },
  nothingLost: 'Nothing already stored was lost.',
  /** Only after a form was sent (a change the owner made): it may not have been saved. */
  notSaved: 'What you just sent may not have been saved: check it and send it again once this page opens.',
  tryAgain:
    'Try again in a few minutes. If it lasts more than an hour, open Health or tell whoever looks after the site.',
  again: 'Try again',
  /** One part of a page that could not be read, the rest of the page being shown. */
  part: (what: string) =>
    `${what} could not be read just now. The rest of this page is up to date and nothing was lost: reload in a few minutes.`,
  /** The names of those parts, as the sentence above begins. */
  parts: {
    warnings: 'Warnings about failed messages and the self-check',
    calls: 'The calls',
    callsAndClients: 'Calls and clients',
    funnel: 'The quiz steps',
    money: 'Revenue and paying clients',
    replies: 'The latest WhatsApp messages',
    messages: 'The messages sent about this lead',
    conversation: 'The WhatsApp conversation',
    payments: 'The payment requests and payments',
    client: 'The client’s engagements',
    due: 'The leads due',
    noCall: 'The quiz leads with no call yet',
  },
} as const;
