/** What the self-check says: on /desk/health, in the desk's banner and in the emails it sends. */
export const health = {
  title: 'Health',
  intro:
    'The site checks itself every 15 minutes. When something breaks, the owners get one email; when it recovers, one more.',
  notYet: 'Not checked yet: the first check runs within 15 minutes of a deploy.',
  checkedAt: (when: string) => `Last checked ${when}`,
  allOk: 'Everything is working.',
  ok: 'Working',
  failing: 'Failing',
  banner: (names: string[]) => `Failing: ${names.join(', ')}. See Health for what to do.`,
  names: {
    whatsapp: 'WhatsApp',
    templates: 'Message templates',
    store: 'Lead store',
    feeds: 'YouTube feeds',
    deliveries: 'Deliveries',
    visitors: 'Visitor messages',
    retention: 'Retention',
    newsletter: 'Newsletter tool',
    privacy: 'Erasure key',
  } as Record<string, string>,
  email: {
    brokeSubject: (names: string[]) => `Website: ${names.join(', ')} failing`,
    recoveredSubject: 'Website: everything is working again',
    broke: 'The website’s self-check found a problem. Leads are still stored and listed on the desk.',
    recovered:
      'The website’s self-check passes again. Check the desk for messages that failed meanwhile and resend them.',
    see: 'Details:',
  },
};
