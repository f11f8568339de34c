import { consent } from './privacy';

/** What every erasure counts (by their names in the erasure log), and what it counts since each came to the site. */
type Counted = 'quiz' | 'newsletter' | 'enquiry' | 'dead' | 'messages';
type CountedSince =
  | 'conversation'
  | 'bookings'
  | 'paymentRequests'
  | 'payments'
  | 'paymentCopies'
  | 'engagements'
  | 'testimonials'
  | 'guideRequests'
  | 'toolEvents'
  | 'quotes';

/** Everything the owners' desk says. */
export const desk = {
  title: 'Desk',
  brandLine: 'Owners’ desk',
  signedInAs: 'Signed in as',
  nav: { inbox: 'Inbox', people: 'People', numbers: 'Numbers', health: 'Health', export: 'Export CSV' },
  kinds: { quiz: 'Quiz', newsletter: 'Newsletter', enquiry: 'Enquiry' },
  kindsPlural: { all: 'All leads', quiz: 'Quiz responses', newsletter: 'Subscribers', enquiry: 'Enquiries' },
  statuses: { new: 'New', contacted: 'Contacted', booked: 'Call booked', client: 'Client', closed: 'Closed' },
  filters: {
    legend: 'Find leads',
    search: 'Search name, email or phone',
    placeholder: 'Name, email or phone',
    searchButton: 'Search',
    kind: 'Kind',
    status: 'Status',
    anyStatus: 'Any status',
    from: 'From',
    to: 'To',
    apply: 'Apply',
    clear: 'Clear',
  },
  list: {
    empty: 'No leads match.',
    emptyAll: 'No leads yet. They appear here the moment a visitor sends a form.',
    older: 'Older leads',
    newest: 'Back to newest',
    noName: 'Subscriber',
  },
  lead: {
    back: 'Back to inbox',
    unverified: 'Unverified',
    unverifiedNote:
      'Turnstile did not verify that a person sent this form. The owners were not alerted one by one (it is counted in the hourly digest) and no message went to the number it gave. It may be spam.',
    unverifiedSignupNote:
      'Turnstile did not verify that a person signed up, so the sign-up was not sent on to the newsletter tool and no confirmation email went out. It may be a script signing up someone else’s address. If you know them, send it on below.',
    arrived: 'Arrived',
    source: 'Came from',
    recommended: 'Recommended',
    visit: 'Visit',
    consent: 'Consent',
    consentText: (version: string, at: string) =>
      version === consent.notRecorded ? 'Not recorded (sent before consent was recorded)' : `Notice ${version}, ${at}`,
    noAttribution: 'No campaign or referrer recorded',
    /** A quiz response's "Also send me the newsletter". */
    newsletter: 'Newsletter',
    newsletterText: (version: string, at: string) => `Asked for it (notice ${version}, ${at})`,
    newsletterNo: 'Not asked for',
    newsletterOpen: 'Open the subscription',
    answers: 'Answers',
    message: 'Message',
    contact: 'Contact',
    call: 'Call',
    whatsapp: 'WhatsApp',
    email: 'Email',
    status: 'Status',
    setStatus: 'Set status',
    statusSetBy: (who: string, when: string) => `Set by ${who} on ${when}`,
    note: 'Private note',
    noteHint: 'Only the owners see this.',
    saveNote: 'Save note',
    noteSavedBy: (who: string, when: string) => `Saved by ${who} on ${when}`,
    notFound: 'No such lead.',
    person: 'Everything held about this person',
    correct: 'Correct name, email or phone',
    correctHint: 'When the person asks for a correction. Only the new value is kept; the change is recorded.',
    correctFields: { first: 'First name', last: 'Last name', name: 'Name', email: 'Email', phone: 'Phone' } as Record<
      string,
      string
    >,
    saveCorrection: 'Save correction',
    correctedBy: (fields: string, who: string, when: string) => `${fields} corrected by ${who} on ${when}`,
    checkCorrection: 'Check the highlighted fields; nothing was changed.',
  },
  people: {
    title: 'People',
    intro:
      'Everything held about one person, found by their email address or phone number (or, for someone who wrote on WhatsApp without showing a number, the WhatsApp user id on their conversation, US.…): send them a copy, or erase it when they ask. A name finds the quotes shown under it. Answer a request within 30 days.',
    search: 'Email address or phone number, or the name shown on a quote',
    find: 'Find',
    invalid: 'Enter a whole email address (name@example.com), a phone number, or the name shown on a quote.',
    nothing: (who: string) => `Nothing is held for ${who}.`,
    found: (n: number, who: string) => `${n === 1 ? '1 record' : `${n} records`} held for ${who}`,
    leads: 'Leads',
    dead: 'Not stored yet (kept as dead leads)',
    messages: 'Messages sent about them',
    conversations: (n: number) => (n === 1 ? '1 WhatsApp message from them' : `${n} WhatsApp messages from them`),
    bookings: (n: number) => (n === 1 ? '1 booked call' : `${n} booked calls`),
    payments: (asked: number, paid: number) =>
      `${asked} payment request${asked === 1 ? '' : 's'}, ${paid} payment${paid === 1 ? '' : 's'} with receipts`,
    messageLine: (template: string, to: string, status: string, at: string) => `${template} to ${to}: ${status}, ${at}`,
    owner: 'an owner',
    download: 'Download a copy (JSON)',
    others: 'Other numbers and addresses in these records',
    othersHint:
      'Their forms also held these. Someone can type another person’s number: tick one only when the person confirms it is theirs. What is not ticked stays out of the copy and the erasure (its WhatsApp messages and the messages sent to it are someone else’s).',
    belongs: 'belongs to this person',
    include: 'Show the records with the ticked ones',
    storeDown: 'The lead store did not answer, so nothing could be found. Try again in a minute.',
    eraseDown: 'The lead store did not answer: nothing was erased. Try again in a minute.',
    notConfigured: (settings: string[]) =>
      `Nothing was done: the site is missing a setting (${[...new Set(settings)].join(', ')}). Ask whoever runs the site to set it; /desk/health names it too.`,
    erasePartial:
      'The erasure stopped part way (the lead store did not answer): some records may remain. Find the person again and erase again to finish.',
    eraseTitle: 'Erase this person',
    eraseText:
      'Removes every lead, status and note above, any dead lead, their client packages (their page’s link stops), accepted terms and testimonials sent, their confirmed numbers and addresses and their name from the message records (which stay only as counts), and what their confirmed numbers wrote on WhatsApp; their quotes are taken out of the draft of the site content (publish it to take them off the site). This cannot be undone. A form they send later is a new lead.',
    confirm: 'Type the email address or phone number again to confirm',
    erase: 'Erase everything',
    mismatch: 'This does not match the email address or phone number searched for. Nothing was erased.',
    erased: 'Erased.',
    log: 'Erasures',
    logEmpty: 'Nothing has been erased yet.',
    retention: 'Retention (automatic)',
    /** What the newsletter tool did about an erasure that found a signup it had received. */
    tool: ({ provider, state, code }: { provider: string; state: string; code?: string }) => {
      const name = provider === 'kit' ? 'Kit' : 'Mailchimp';
      const byHand =
        provider === 'kit'
          ? 'Kit’s API cannot delete: delete them in Kit by hand (Subscribers, search the address, Delete).'
          : '';
      if (state === 'pending')
        return provider === 'kit' ? `Kit is unsubscribing them now. ${byHand}` : 'Mailchimp is deleting them now.';
      if (state === 'deleted') return `${name} deleted them too.`;
      if (state === 'absent') return `${name} had no one at that address any more: nothing of them is left there.`;
      if (state === 'unsubscribed') return `Kit unsubscribed them. ${byHand}`;
      return `${name} could not be told (${code ?? 'error'}): remove them there by hand.`;
    },
    counts: (c: Record<Counted, number> & Partial<Record<CountedSince, number>>) =>
      [
        [c.quiz, 'quiz response', 'quiz responses'],
        [c.newsletter, 'subscription', 'subscriptions'],
        [c.enquiry, 'enquiry', 'enquiries'],
        [c.dead, 'dead lead', 'dead leads'],
        [c.messages, 'message record', 'message records'],
        [c.conversation ?? 0, 'WhatsApp message from them', 'WhatsApp messages from them'],
        [c.bookings ?? 0, 'booked call', 'booked calls'],
        [c.paymentRequests ?? 0, 'payment request', 'payment requests'],
        [c.payments ?? 0, 'payment kept only as its receipt', 'payments kept only as their receipts'],
        [c.paymentCopies ?? 0, 'kept receipt deleted', 'kept receipts deleted'],
        [c.engagements ?? 0, 'client package', 'client packages'],
        [c.testimonials ?? 0, 'testimonial sent', 'testimonials sent'],
        [c.guideRequests ?? 0, 'free guide request', 'free guide requests'],
        [c.toolEvents ?? 0, 'newsletter tool report', 'newsletter tool reports'],
        [c.quotes ?? 0, 'quote taken out of the draft', 'quotes taken out of the draft'],
      ]
        .filter(([n]) => Number(n) > 0)
        .map(([n, one, many]) => `${n} ${n === 1 ? one : many}`)
        .join(', ') || 'nothing (already erased)',
    /** Which identifiers the owner confirmed, as counts (the log never holds the values). */
    identifiers: ({ emails, phones, left }: { emails: number; phones: number; left: number }) =>
      `for ${[
        [emails, 'address', 'addresses'],
        [phones, 'number', 'numbers'],
      ]
        .filter(([n]) => Number(n) > 0)
        .map(([n, one, many]) => `${n} ${n === 1 ? one : many}`)
        .join(
          ' and ',
        )} confirmed as theirs${left > 0 ? ` (${left} other${left === 1 ? '' : 's'} in their forms left as someone else’s)` : ''}`,
  },
  /** A subscriber's state, their unsubscribe link and what the newsletter tool was told. */
  subscription: {
    title: 'Newsletter',
    subscribed: 'Subscribed',
    unsubscribed: 'Unsubscribed',
    unsubscribedOn: (when: string) =>
      `Unsubscribed through their link on ${when}. Never subscribed again without a new sign-up.`,
    subscribedNote: 'Subscribed. They can leave at any time through their unsubscribe link.',
    fromQuiz: 'Asked for with the quiz.',
    openQuiz: 'Open their quiz response',
    tags: 'Tags in the newsletter tool:',
    link: 'Unsubscribe link',
    linkHint: 'Select and copy it to put in a letter, or to unsubscribe them when they ask you to.',
    noLink: 'No link can be made: UNSUBSCRIBE_SECRET is not set.',
    tool: (provider: string) => `Newsletter tool: ${provider}`,
    noTool: 'No newsletter tool is configured (NEWSLETTER_PROVIDER): this sign-up stays here only.',
    notSentOn: (provider: string) => `The unsubscribe has not been sent on to ${provider} yet.`,
    providers: { kit: 'Kit', mailchimp: 'Mailchimp', none: 'the newsletter tool' } as Record<string, string>,
    error: (provider: string, code: string, message: string) => `${provider} answered ${code}: ${message}`,
    /** A sign-up to an address the tool has as unsubscribed: the site never subscribes it there again. */
    leftInTool: (provider: string) =>
      `Not subscribed again: ${provider} has this address as unsubscribed, and the site never re-subscribes anyone. They can sign up again through ${provider}’s own form.`,
    /** Why a call to the newsletter tool was not made, on purpose. */
    skipped: {
      unverified:
        'Not sent on: Turnstile did not verify that a person signed up. Send it on if you know them (the tool emails them to confirm).',
      cap: 'Not sent on: this address was already sent on in the last 24 hours (one sign-up a day reaches the tool).',
    } as Record<string, string>,
    sendOn: 'Send on',
  },
  messages: {
    title: 'Messages (WhatsApp and email)',
    none: 'No messages were sent for this lead.',
    to: 'To',
    visitor: 'the visitor',
    attempts: (n: number) => (n === 1 ? '1 attempt' : `${n} attempts`),
    resend: 'Resend',
    resent: 'Queued to send again.',
    states: {
      pending: 'Waiting to send',
      sending: 'Sending',
      sent: 'Sent',
      failed: 'Failed',
      dead: 'Gave up after retries',
      replay: 'Queued to send again',
      skipped: 'Skipped',
      unknown: 'May not have been sent',
    } as Record<string, string>,
    templates: {
      subscription_notfication: 'New subscriber (owner)',
      journey_users: 'Thank-you (visitor)',
      journey_owner: 'New enquiry (owner)',
      quiz_owner: 'New quiz lead (owner)',
      hourly_digest: 'Hourly digest (owner)',
      leads_digest: 'Hourly digest (owner)',
      owner_alert_email: 'The lead by email (owner)',
      newsletter_subscribe: 'Sign-up sent on (double opt-in)',
      newsletter_unsubscribe: 'Unsubscribe sent on',
      visitor_reply: 'They replied (owner)',
      desk_reply: 'Answer from the desk',
      follow_up: 'Follow-up (visitor)',
      quiz_result_email: 'Their quiz result by email (visitor)',
      call_reminder: 'Call reminder (visitor)',
      call_reminder_email: 'Call reminder by email (visitor)',
      call_rebook: 'Rebook message (visitor)',
    } as Record<string, string>,
    error: (code: string, message: string) => `Meta error ${code}: ${message}`,
    emailError: (code: string, message: string) => `Email not sent (${code}): ${message}`,
    byEmail: 'by email',
    /** What WhatsApp's status webhook reported, with its time. */
    receipts: {
      sent: 'On its way',
      delivered: 'Delivered',
      read: 'Read',
      failed: 'Not delivered',
    } as Record<string, string>,
    receiptAt: (state: string, when: string) => `${state} ${when}`,
    unconfirmed: 'Not yet confirmed delivered by WhatsApp',
    receiptError: (code: string, title: string) => `WhatsApp error ${code}${title ? `: ${title}` : ''}`,
    skipped: {
      cap: 'Not sent: this number or address already had its 3 messages in 24 hours.',
      budget: 'Not sent: the day’s budget of messages to visitors was spent.',
      unverified: 'Not sent: the form was not verified as sent by a person (Turnstile).',
      hourly_cap: 'Not sent on its own: folded into the end-of-hour digest.',
      opted_out: 'Not sent: this number opted out of WhatsApp messages.',
    } as Record<string, string>,
  },
  dead: {
    title: 'Leads not stored',
    intro:
      'The database refused these leads for good, so they are kept here instead. Nothing is lost: contact them by hand and tell the operator the reason shown.',
    none: 'None. Every lead was stored.',
    unreadable: 'The lead could not be read back; the operator can find it by its id.',
    reason: (attempts: number, reason: string) => `Refused ${attempts} times: ${reason}`,
    /** A parked lead whose form's submission id was meanwhile stored with other details. */
    conflict: 'another lead with other details is stored under this form’s submission id',
    /** A queue job this version could not read (typically after a rollback); kept whole for the newer version. */
    unreadableJob: 'Job from another version',
    unreadableReason: (reason: string) =>
      `${reason}. Its whole body is kept: deploy the version that wrote it again, or ask the operator (docs/deploy.md, Roll back).`,
  },
  banners: {
    failed: (n: number) =>
      `${n === 1 ? '1 WhatsApp message' : `${n} WhatsApp messages`} failed in the last 7 days or may not have been sent. Open the lead or the conversation to send again.`,
    notConfigured: 'WhatsApp is not configured: owners get no messages. New leads still appear here.',
    dead: (n: number) =>
      `${n === 1 ? '1 lead' : `${n} leads`} could not be stored and ${n === 1 ? 'is' : 'are'} kept on “Leads not stored”.`,
  },
  numbers: {
    title: 'Numbers',
    leadsPerDay: 'Leads per day, last 30 days',
    day: 'Day',
    total: 'Total',
    none: 'Nothing counted yet.',
  },
  export: {
    fileName: (kind: string, day: string) => `leads-${kind}-${day}.csv`,
  },
} as const;
