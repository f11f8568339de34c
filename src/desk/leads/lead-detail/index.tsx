import type { ReactNode } from 'react';
import { desk } from '../../../words/desk';
import type { LeadRecord } from '../../../store/leads/listing';
import { contactOf } from '../../../store/leads/lead';
import type { DeskMessage } from '../../messages';
import { Correction, type CorrectionState } from '../correction';
import { SubscriptionCard, type SubscriptionView } from '../subscription';
import { LeadHeader } from './header';
import { CallNote, LeadCalls } from '../calls';
import type { MarkContext } from '../../bookings/call-mark';
import type { BookingRecord } from '../../../store/bookings/bookings';
import { LeadFields } from './fields';
import { PersonCard } from './person';
import { NoteCard, StatusCard } from './follow-up';
import { Message, type Recipient } from './message';

/**
 * One lead: who, their own words and one-tap contact first, then its booked calls, the details in plain words, the owners' status and note, a subscriber's
 * newsletter state, and its messages (WhatsApp and email).
 */
export function LeadDetail({
  lead,
  messages: all,
  owners,
  correction,
  subscription,
  subscriptionPath,
  conversation,
  bookings = [],
  marks,
  payments,
  owner,
  next,
  client,
  guides,
}: {
  lead: LeadRecord;
  messages: DeskMessage[];
  owners: Recipient[];
  /** A refused correction: the form opens with what was typed and the messages. */
  correction?: CorrectionState;
  subscription?: SubscriptionView;
  /** A quiz response whose visitor asked for the newsletter: the desk page of the subscription it made. */
  subscriptionPath?: string;
  /** The WhatsApp conversation with the lead's number (src/desk/conversations/conversation-view.tsx). */
  conversation?: ReactNode;
  /** The lead's booked calls, newest first. */
  bookings?: BookingRecord[];
  /** What the calls' outcome forms need: the time now, owners by name, a no-show's rebook message. */
  marks: MarkContext;
  /** Its payment requests, payments and the form asking for one (src/desk/payments/request-card.tsx); none when off. */
  payments?: ReactNode;
  /** Whose lead it is and the form that changes it (src/desk/leads/owner/owner-card.tsx); none for a subscription. */
  owner?: ReactNode;
  /** When an owner means to come back to it, and the form to set it (src/desk/leads/next/); none for a subscriber. */
  next?: ReactNode;
  /** A client's engagements and the form that starts one (src/desk/clients/client-card.tsx); none for a subscriber. */
  client?: ReactNode;
  /** The free guides a subscriber took (./guides-taken.tsx); none for other leads. */
  guides?: ReactNode;
}) {
  const messages = all.filter((m) => m.audience !== 'newsletter');
  const { name, email, phone } = contactOf(lead);
  const base = `/desk/leads/${lead.kind}/${encodeURIComponent(lead.id)}`;
  return (
    <article className="desk-lead">
      <LeadHeader
        lead={lead}
        messages={all}
        contact={{ name, email }}
        call={<CallNote status={lead.desk.status} statusBy={lead.desk.statusBy} bookings={bookings} />}
      />

      <PersonCard lead={lead} contact={{ email, phone }} />
      {owner}
      {next}

      <LeadCalls bookings={bookings} marks={marks} />
      {client}
      {guides}
      {payments}
      {conversation}

      <LeadFields lead={lead} subscriptionPath={subscriptionPath} />

      <StatusCard lead={lead} base={base} />
      <NoteCard lead={lead} base={base} />
      <Correction lead={lead} base={base} {...(correction && { state: correction })} />
      {email || phone ? (
        <form method="post" action="/desk/people">
          <input type="hidden" name="q" value={email || phone} />
          <p>
            <button type="submit" className="btn-link">
              {desk.lead.person}
            </button>
          </p>
        </form>
      ) : null}
      {subscription ? (
        <SubscriptionCard
          subscription={subscription}
          renderCall={(m) => (
            <Message
              key={m.template}
              message={m}
              owners={owners}
              action={`${base}/resend`}
              tool={{ provider: subscription.provider, unsubscribed: Boolean(subscription.unsubscribedAt) }}
            />
          )}
        />
      ) : null}

      <section className="desk-card" aria-labelledby="messages-heading">
        <h2 id="messages-heading">{desk.messages.title}</h2>
        {messages.length === 0 ? <p className="desk-meta">{desk.messages.none}</p> : null}
        <ul className="desk-messages">
          {messages.map((m) => (
            <Message key={`${m.template}|${m.recipient}`} message={m} owners={owners} action={`${base}/resend`} />
          ))}
        </ul>
      </section>
    </article>
  );
}
