// A person's copy (the JSON the People page downloads): every record in full, with labels a person can read.
import type { LeadRecord } from '../../store/leads/listing';
import { idOf, type PersonRecords } from './people';
import { bookingsCopy } from './person-bookings';
import { paymentsCopy } from './person-payments';
import { clientsCopy } from './person-clients';
import { guidesCopy } from './person-guides';

/** A person's copy: every record in full, with labels a person can read. */
export function personCopy(records: PersonRecords, exportedAt: string) {
  return {
    about: 'Everything this site holds about the email addresses and phone numbers below.',
    person: idOf(records.confirmed[0]!),
    identifiers: records.confirmed.map(idOf),
    exportedAt,
    quizResponses: records.leads.filter((l) => l.kind === 'quiz').map(withFollowUp),
    newsletterSubscriptions: records.leads.filter((l) => l.kind === 'newsletter').map(withFollowUp),
    enquiries: records.leads.filter((l) => l.kind === 'enquiry').map(withFollowUp),
    notStoredYet: records.dead.map((d) => ({ id: d.id, arrived: d.createdAt, why: d.reason, submission: d.lead })),
    messages: records.messages,
    whatsAppConversations: records.conversations,
    bookedCalls: bookingsCopy(records.bookings, records.confirmed),
    payments: paymentsCopy(records.payments),
    asAClient: clientsCopy(records.clients),
    ...guidesCopy(records.guides),
  };
}

/** The owners' status and note are part of what is held about the person. */
function withFollowUp({ desk, ...lead }: LeadRecord) {
  return { ...lead, followUp: desk };
}
