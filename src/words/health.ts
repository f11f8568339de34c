/** What the self-check says: on /desk/health, in the desk's banner and in the emails it sends. */
export const health = {
  title: 'Health',
  intro:
    'The site checks itself every 15 minutes. When something breaks, the owners get one email; when it recovers, one more.',
  notYet: 'Not checked yet: the first check runs within 15 minutes of a deploy.',
  checkedAt: (when: string) => `Last checked ${when}`,
  banner: (names: string[]) => `Failing: ${names.join(', ')}. See Health for what to do.`,
  names: {
    whatsapp: 'WhatsApp',
    templates: 'WhatsApp messages approved',
    store: 'Saving leads',
    feeds: 'Videos and podcast',
    media: 'Photos and voice notes',
    deliveries: 'Alerts and messages sent',
    visitors: 'Visitors’ confirmations',
    retention: 'Deleting old data',
    newsletter: 'Newsletter',
    privacy: 'Erasing people',
    bookings: 'Booked calls',
    payments: 'Payments',
  } as Record<string, string>,
  bookings: {
    none: 'No booking webhook: calls booked on Cal.com or Calendly do not come back to the desk (docs/deploy.md, "Booking webhooks").',
    on: (tools: string[], named: string | undefined) =>
      `${tools.join(' and ')} ${tools.length === 1 ? 'sends' : 'send'} booked, moved and cancelled calls to the desk.` +
      (named
        ? ` "Book a call" links carry each lead's reference for ${named}.`
        : ' "Book a call" links carry no reference (BOOKING_PROVIDER is not set): a booking is matched by email only.'),
    notSetLocally: (tool: string) =>
      `${tool} is the booking tool, but its webhook's key is not set: bookings do not come back (development).`,
    keyMissing: (tool: string, setting: string) =>
      `Warning: BOOKING_PROVIDER names ${tool} but ${setting} is not set, so calls booked on ${tool} do not come back to the desk. Set it (docs/deploy.md, "Booking webhooks").`,
  },
  payments: {
    none: 'No payments: PAYMENT_PROVIDER is not set, so lead pages have no payment request.',
    on: (test: boolean, gst: boolean) =>
      `Owners can ask for payment with Razorpay payment links${test ? ' (test mode: no real money)' : ''}; paid links come back to the desk. Receipts are ${gst ? 'GST tax invoices' : 'plain receipts (GSTIN is not set)'}.`,
    notSetLocally: 'Razorpay is the payment tool, but its keys or its webhook secret are not set (development).',
    broken: (reason: string) => `Payment requests are refused: ${reason} Set it (docs/deploy.md, "Payments").`,
    webhookMissing:
      'Warning: RAZORPAY_WEBHOOK_SECRET is not set, so payments made on Razorpay do not come back to the desk. Set it (docs/deploy.md, "Payments").',
  },
  email: {
    brokeSubject: (names: string[]) => `Website: ${names.join(', ')} failing`,
    recoveredSubject: 'Website: everything is working again',
    broke: 'The website’s self-check found a problem. Leads are still stored and listed on the desk.',
    recovered:
      'The website’s self-check passes again. Check the desk for messages that failed meanwhile and resend them.',
    see: 'Details:',
  },
};
