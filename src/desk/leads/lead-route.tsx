import { Hono, type Context } from 'hono';
import { LeadDetail } from './lead-detail';
import { guidesTaken } from './lead-detail/guides-taken';
import { VISITOR_EMAIL_REF } from './lead-detail/message';
import { desk as copy } from '../../words/desk';
import { messagesFor, resend, visitorEmailRecipient } from '../messages';
import { LeadParams, NoteForm, ResendForm, StatusForm, parse } from '../params';
import type { CorrectionState } from './correction';
import type { Correction } from '../../store/leads/correction';
import { normalizePhone } from '../../store/phone';
import type { LeadRecord } from '../../store/leads/listing';
import { CorrectionSchemas, fieldErrors } from '../../shared/lead-schemas';
import { site } from '../../words/site';
import { logEvent } from '../../log';
import { ApiException } from '../../http/errors';
import { readRequestBody } from '../../http/body';
import { getLeadStore } from '../../store/leads/open';
import { getBookingStore } from '../../store/bookings/open';
import { readConfig } from '../../env';
import { unsubscribeLink } from '../../newsletter/token';
import { toolEventOf } from '../../newsletter/state';
import { quizSubscription } from '../../leads/newsletter-tags';
import { leadPath, renderDeskPage, type DeskEnv } from '../page';
import { leadConversation } from '../conversations/conversation-parts';
import type { ReplyNotice } from '../conversations/reply-form';
import { readPart } from '../part';
import { countQuestions } from '../clients/count-questions';
import { PartUnreadable } from '../store-down';
import { deskStoreDown } from '../store-down-words';
import { deskLeadWords } from './words';
import { followUpBanners } from './follow-ups-route';
import { rebookBanners, rebookOffers } from '../bookings/outcome-route';
import { ownerNames } from '../bookings/outcome';
import { leadPaymentsView } from '../payments/lead-payments';
import { LeadPayments } from '../payments/request-card';
import type { RequestFormState } from '../payments/request-form';
import { NextDateCard } from './next/next-card';
import { TestimonialCard, testimonialsOfLead } from '../clients/testimonial-card';
import { nextDateBanners, type NextFormState } from './next/next-form';
import { leadOwnerCard, ownerBanners } from './owner/owner-card';
import { clientCard } from '../clients/engagement-route';
import type { EngagementFormState } from '../clients/engagement-form';

/**
 * A lead's page on the desk (`/desk/leads/:kind/:id`) and what the owners do there: correct the contact,
 * set the status, write a note, send a message again. Each post answers 303 back to the page.
 */
export const leadPages = new Hono<DeskEnv>();

leadPages.get('/leads/:kind/:id', async (c) => {
  const { kind, id } = parse(LeadParams, c.req.param());
  const lead = await getLeadStore(c.env).get(kind, id);
  if (!lead) throw new ApiException(404, 'not_found', copy.lead.notFound);
  return renderLead(c, lead);
});

/** A correction of the contact, by the form's own rules; refused, the page shows what was typed and why. */
leadPages.post('/leads/:kind/:id/correct', async (c) => {
  const { kind, id } = parse(LeadParams, c.req.param());
  const values = (await readRequestBody(c)).fields;
  const store = getLeadStore(c.env);
  const lead = await store.get(kind, id);
  if (!lead) throw new ApiException(404, 'not_found', copy.lead.notFound);
  const result = CorrectionSchemas[kind].safeParse(values);
  const errors = result.success ? {} : fieldErrors(result.error);
  const correction: Correction = result.success ? { ...result.data } : {};
  if (correction.phone) {
    const e164 = normalizePhone(correction.phone, readConfig(c.env).leads.defaultPhoneRegion);
    // As on the forms: an enquiry's number must be real (it is messaged); a quiz number that is not is kept as typed.
    if (e164) correction.phone = e164;
    else if (kind === 'enquiry') errors.phone = site.forms.invalidPhone;
  }
  if (Object.keys(errors).length > 0) {
    const typed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
    return renderLead(c, lead, { values: typed, errors }, 400);
  }
  const updated = await store.update(kind, id, { correction, by: c.var.owner.email, at: new Date().toISOString() });
  if (!updated) throw new ApiException(404, 'not_found', copy.lead.notFound);
  logEvent('info', 'lead.corrected', { submissionId: id, kind, fields: (updated.desk.corrected ?? []).join(',') });
  return c.redirect(leadPath(kind, id), 303);
});

leadPages.post('/leads/:kind/:id/status', async (c) => {
  const { kind, id } = parse(LeadParams, c.req.param());
  const { status } = parse(StatusForm, (await readRequestBody(c)).fields);
  await change(c, kind, id, { status });
  return c.redirect(leadPath(kind, id), 303);
});

leadPages.post('/leads/:kind/:id/note', async (c) => {
  const { kind, id } = parse(LeadParams, c.req.param());
  const { note } = parse(NoteForm, (await readRequestBody(c)).fields);
  await change(c, kind, id, { note: note.trim() });
  return c.redirect(leadPath(kind, id), 303);
});

leadPages.post('/leads/:kind/:id/resend', async (c) => {
  const { kind, id } = parse(LeadParams, c.req.param());
  const form = parse(ResendForm, (await readRequestBody(c)).fields);
  // The page names an owner by label: an owner's number (a secret) is never sent to the browser.
  const [label, channel] = form.recipient.split(':');
  const owner = readConfig(c.env).whatsapp.owners.find((o) => o.label === label);
  const lead = await getLeadStore(c.env).get(kind, id);
  if (!lead) throw new ApiException(404, 'not_found', copy.lead.notFound);
  // A call to the newsletter tool names the subscriber's own address, read here: the page never sends it back.
  const subscriber = form.recipient === 'subscriber' && lead.kind === 'newsletter' ? lead.email : undefined;
  // So does the visitor's own email (the quiz result): the address it went to is the ledger row's.
  const visitor =
    form.recipient === VISITOR_EMAIL_REF ? await visitorEmailRecipient(c.env.DB, kind, id, form.template) : undefined;
  const recipient = form.recipient.startsWith('+')
    ? form.recipient
    : (subscriber ?? visitor ?? (channel === 'email' ? owner?.email : owner?.phone));
  if (!recipient)
    throw new ApiException(400, 'invalid_input', 'Unknown recipient.', { recipient: 'Unknown recipient.' });
  // A sign-up is never sent on again after the subscriber left: that would subscribe them without consent.
  if (subscriber && lead.kind === 'newsletter' && lead.unsubscribedAt && form.template === 'newsletter_subscribe') {
    throw new ApiException(409, 'unsubscribed', copy.subscription.unsubscribed);
  }
  // Already queued or sent (a double tap): nothing more to do, show the lead.
  await resend(c.env, kind, id, form.template, recipient);
  return c.redirect(leadPath(kind, id), 303);
});

/**
 * A lead's page; `reply` is what the answer form's last post did (refused: shown by the form, with `status`), as
 * `payment`, `next` and `client` are the payment request's, the next date's and the engagement's refused forms.
 */
export async function renderLead(
  c: Context<DeskEnv>,
  lead: LeadRecord,
  correction?: CorrectionState,
  status: 200 | 400 | 409 = 200,
  reply?: ReplyNotice,
  payment?: RequestFormState,
  next?: NextFormState,
  client?: EngagementFormState,
) {
  // The lead is read from its store; its messages (D1), calls and conversation are parts that can fail alone.
  const path = new URL(c.req.url).pathname;
  const sent = await readPart('messages', () => messagesFor(c.env.DB, lead.kind, lead.id), path);
  const messages = sent.ok ? sent.value : [];
  // Owners by their names (OWNER_NAMES), else by their place ("Owner 1"): never the internal label Admin1.
  const owners = readConfig(c.env).whatsapp.owners.map((o, i) => ({
    phone: o.phone,
    ref: o.label,
    label: o.name !== o.label ? o.name : deskLeadWords.owner(i + 1),
    ...(o.email ? { email: o.email } : {}),
  }));
  const title = lead.kind === 'newsletter' ? lead.email : lead.kind === 'quiz' ? lead.contact.first : lead.name;
  // What the newsletter tool last reported of a subscriber's address (its webhook), beside the site's own state.
  const marked =
    lead.kind === 'newsletter'
      ? await readPart('tool-events', () => toolEventOf(c.env, lead.email), path)
      : { ok: false as const };
  const subscription =
    lead.kind === 'newsletter'
      ? {
          ...(lead.unsubscribedAt && { unsubscribedAt: lead.unsubscribedAt }),
          link: await unsubscribeLink(c.env, lead.id),
          provider: readConfig(c.env).newsletter.provider.name,
          calls: messages.filter((m) => m.audience === 'newsletter'),
          tags: lead.tags ?? [],
          ...(lead.quizId && { quizPath: leadPath('quiz', lead.quizId) }),
          ...(marked.ok && marked.value),
        }
      : undefined;
  // A quiz response whose visitor asked for the newsletter links to the subscription it made.
  const made = lead.kind === 'quiz' ? await quizSubscription(lead) : null;
  const talk = await readPart('conversation', () => leadConversation(c, lead, reply), path);
  const conversation = talk.ok ? talk.value : <PartUnreadable what="conversation" />;
  // A subscriber books no call: only quiz responses and enquiries carry a booking link.
  const calls =
    lead.kind === 'newsletter'
      ? { ok: true as const, value: [] }
      : await readPart('calls', () => getBookingStore(c.env).forLead(lead.kind, lead.id), path);
  const bookings = calls.ok ? calls.value : [];
  const rebooks = await readPart('rebook', () => rebookOffers(c, lead, bookings), path);
  const now = new Date();
  const counts = await readPart('counts', () => countQuestions(c.env, bookings, now), path);
  const marks = {
    now,
    who: ownerNames(c.env),
    from: 'lead' as const,
    ...(rebooks.ok && { rebooks: rebooks.value }),
    ...(counts.ok && { counts: counts.value }),
  };
  const asked = await readPart('payments', () => leadPaymentsView(c, lead, payment), path);
  const payments = asked.ok ? asked.value && <LeadPayments view={asked.value} /> : <PartUnreadable what="payments" />;
  const engaged = await readPart(
    'client',
    async () => {
      const testimonials = await testimonialsOfLead(c.env, lead);
      return clientCard(c, lead, bookings, client, (engagement) => (
        <TestimonialCard
          engagement={engagement}
          testimonials={testimonials.get(engagement.id) ?? []}
          base={leadPath(lead.kind, lead.id)}
        />
      ));
    },
    path,
  );
  const clientPart = engaged.ok ? engaged.value : <PartUnreadable what="client" />;
  const guides = lead.kind === 'newsletter' ? await guidesTaken(c.env, lead.id, path) : null;
  // Parts not read are said at the top of the page (the page's own sections then show none).
  const unread = [...(sent.ok ? [] : ['messages' as const]), ...(calls.ok ? [] : ['calls' as const])];
  const notices = unread.map((part) => ({
    tone: 'info' as const,
    text: deskStoreDown.part(deskStoreDown.parts[part]),
  }));
  const page = (
    <LeadDetail
      lead={lead}
      bookings={bookings}
      marks={marks}
      messages={messages}
      owners={owners}
      conversation={conversation}
      {...(correction && { correction })}
      {...(subscription && { subscription })}
      {...(made && { subscriptionPath: leadPath('newsletter', made.id) })}
      payments={payments}
      client={clientPart}
      guides={guides}
      {...(lead.kind !== 'newsletter' && {
        next: <NextDateCard lead={lead} base={leadPath(lead.kind, lead.id)} now={now} who={marks.who} state={next} />,
      })}
      owner={leadOwnerCard(c, lead)}
    />
  );
  return renderDeskPage(c, title, 'inbox', {}, page, status, [
    ...notices,
    ...followUpBanners(c),
    ...rebookBanners(c),
    ...nextDateBanners(c.req.query('done')),
    ...ownerBanners(c, lead),
  ]);
}

async function change(
  c: Context<DeskEnv>,
  kind: LeadParams['kind'],
  id: string,
  change: { status: StatusForm['status'] } | { note: string },
): Promise<void> {
  const updated = await getLeadStore(c.env).update(kind, id, {
    ...change,
    by: c.var.owner.email,
    at: new Date().toISOString(),
  });
  if (!updated) throw new ApiException(404, 'not_found', copy.lead.notFound);
}
