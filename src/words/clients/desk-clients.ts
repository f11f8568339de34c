/** The desk's words for clients (issue 57): the lead page's "Client" card, its forms, and /desk/clients. */
export const deskClients = {
  nav: 'Clients',
  card: {
    heading: 'Client',
    none: 'No engagement yet.',
    onlyClients: 'Set the status to client to start an engagement.',
    start: 'Start an engagement',
    program: 'Program',
    sessions: 'Sessions',
    sessionsHint: '1 to 50: the package the client bought.',
    validUntil: 'Valid until',
    validUntilHint: 'The last day (India) the sessions can be used.',
    terms: 'Terms',
    noTerms: 'No terms',
    currentTerms: 'The program’s terms as published now',
    termsVersion: (id: number, at: string) => `version ${id}, published ${at}`,
    submit: 'Start and send the link',
    used: (used: number, total: number, left: number) => `${used} of ${total} used, ${left} left`,
    next: 'Next call',
    noNext: 'None booked',
    valid: 'Valid until',
    termsAccepted: (version: number, at: string) => `Accepted (version ${version}) on ${at}`,
    termsNotAccepted: (version: number) => `Not accepted yet (version ${version})`,
    termsNone: 'None for this program',
    link: 'Link',
    linkLive: (until: string) => `Live until ${until}`,
    linkRevoked: (at: string) => `Revoked on ${at}`,
    linkNone: 'None',
    fresh: 'Send a fresh link',
    revoke: 'Revoke link',
    started: 'The engagement is started and its link is on its way to the client.',
    sent: 'A fresh link is on its way; the old one no longer opens the page.',
    revoked: 'The link is revoked: the client page no longer opens.',
    askedTold: 'Asked: the client’s page now has the form, and they were told on WhatsApp.',
    askedUntold:
      'Asked: the client’s page now has the form. Nothing was sent to them (WhatsApp’s 24-hour window is closed, or they gave no number): tell them yourself, or send a fresh link.',
  },
  errors: {
    form: 'This form is out of date: open the page again and start over.',
    notClient: 'Only a lead whose status is client can start an engagement. Set the status first.',
    program: 'Choose one of the published programs.',
    sessions: 'Enter a whole number of sessions from 1 to 50.',
    validUntil: 'Enter a date like 2026-12-31, today or later.',
    terms: 'Choose one of this program’s published terms versions.',
    ended: 'This engagement has ended: start a new one instead.',
  },
  list: {
    title: 'Clients',
    heading: 'Active clients',
    intro: 'Clients with sessions left or a call ahead, the next call first, then the soonest to expire.',
    none: 'No active clients.',
    client: 'Client',
    program: 'Program',
    left: 'Sessions left',
    leftOf: (left: number, total: number) => `${left} of ${total}`,
    next: 'Next call',
    expires: 'Valid until',
    pending: (n: number) =>
      n === 1 ? '1 testimonial waits for your approval' : `${n} testimonials wait for your approval`,
  },
};

/** The client's link as it is sent (WhatsApp inside the 24-hour window, and email). */
export const clientLinkWords = {
  noName: 'there',
  text: (first: string, program: string, link: string) =>
    `Hello ${first}, your page for ${program} is ready: ${link}\nAccept the terms and book your sessions there. Keep this link to yourself.`,
  email: {
    subject: (program: string) => `Your page for ${program}`,
    text: (first: string, program: string, link: string, from: string) =>
      [
        `Hello ${first},`,
        '',
        `Your page for ${program} is ready. Accept the terms and book your sessions there:`,
        link,
        '',
        'Keep this link to yourself: it opens your page without a password. Reply to this email if you have a question.',
        '',
        from,
      ].join('\n'),
  },
};
