/** What an owner's alert email says: the same facts as the WhatsApp alert it stands in for. */
export const alertEmail = {
  subject: (kind: string, who: string) => `New ${kind} lead: ${who}`,
  replySubject: (who: string) => `${who} replied on WhatsApp`,
  kinds: { quiz: 'quiz', newsletter: 'newsletter', enquiry: 'enquiry' } as Record<string, string>,
  /** Labels of the WhatsApp alert's parameters, per template, in order. */
  fields: {
    journey_owner: ['Name', 'Email', 'Phone', 'Message'],
    quiz_owner: ['Name', 'Email', 'Phone', 'Answers', 'Recommended'],
    subscription_notfication: ['Hello', 'Email', 'Subscribed'],
    visitor_reply: ['Hello', 'From', 'They wrote', 'Answer on the desk'],
    call_booked: ['Hello', 'Who', 'When (India time)', 'Program', 'On the desk'],
    call_cancelled: ['Hello', 'Who', 'Call was (India time)', 'Program', 'On the desk'],
    payment_received: ['Hello', 'Who', 'Amount', 'For', 'On the desk'],
    lead_due: ['Come back to', 'Why now', 'On the desk'],
    client_last_session: ['Hello', 'Client', 'Program', 'On the desk'],
  } as Record<string, string[]>,
  /** The subject of an alert that is not about a new lead, from its WhatsApp parameters, per template. */
  subjects: {
    call_booked: (values: string[]) => `Call booked: ${values[1] ?? ''}, ${values[2] ?? ''}`,
    call_cancelled: (values: string[]) => `Call cancelled: ${values[1] ?? ''}, ${values[2] ?? ''}`,
    payment_received: (values: string[]) => `Payment received: ${values[2] ?? ''} from ${values[1] ?? ''}`,
    lead_due: (values: string[]) => `Time to come back to ${values[0] ?? ''}`,
    client_last_session: (values: string[]) => `One session left: ${values[1] ?? ''}, ${values[2] ?? ''}`,
  } as Record<string, (values: string[]) => string>,
  /** A booked or cancelled call's email: where the desk shows it, and that it is kept. */
  booking: {
    open: 'Open it on the desk:',
    footer: 'Sent by the website. The booking is stored; nothing is lost.',
  },
  /** A payment's email: where the desk shows it, and that it is recorded. */
  payment: {
    open: 'Open it on the desk:',
    footer: 'Sent by the website. The payment is recorded; nothing is lost.',
  },
  why: (reason: string) => `You are getting this by email because ${reason}.`,
  failed: (code: string) => `the WhatsApp alert failed (WhatsApp error ${code})`,
  unconfirmed: (minutes: number) => `WhatsApp had not confirmed the alert as delivered after ${minutes} minutes`,
  open: 'Open the lead on the desk:',
  footer: 'Sent by the website. The lead is stored; nothing is lost.',
};
