/** The person's own copy of a payment request, inside WhatsApp's 24-hour window (outside it, the template says it). */
export const paymentRequestWords = {
  text: (first: string, amount: string, what: string, link: string) =>
    `Hello ${first}, your payment of ${amount} for ${what} can be made here: ${link}\nReply here if you have a question.`,
  /** When the lead gave no first name. */
  noName: 'there',
  /** The email of the link, to the address the lead gave. */
  email: {
    subject: (amount: string, what: string) => `Your payment of ${amount} for ${what}`,
    text: (first: string, amount: string, what: string, link: string, expires: string, from: string) =>
      [
        `Hello ${first},`,
        '',
        `Your payment of ${amount} for ${what} can be made here (UPI, cards or netbanking), until ${expires}:`,
        link,
        '',
        'Reply to this email if you have a question.',
        '',
        from,
      ].join('\n'),
  },
};
