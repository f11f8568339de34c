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
  } as Record<string, string[]>,
  why: (reason: string) => `You are getting this by email because ${reason}.`,
  failed: (code: string) => `the WhatsApp alert for this lead failed (WhatsApp error ${code})`,
  unconfirmed: (minutes: number) => `WhatsApp had not confirmed the alert as delivered after ${minutes} minutes`,
  open: 'Open the lead on the desk:',
  footer: 'Sent by the website. The lead is stored; nothing is lost.',
};
