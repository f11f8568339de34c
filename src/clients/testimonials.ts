import type { Env } from '../env';
import { logEvent } from '../log';
import type { EngagementRecord, TestimonialRecord } from '../store/clients/clients';
import { getClientStore } from '../store/clients/open';
import { getLeadStore } from '../store/leads/open';
import { contactOf } from '../store/leads/lead';
import { contentStore } from '../store/site-content/site-content';
import { DraftContent } from '../shared/site-content';
import { consentStatement, testimonialWords } from '../words/clients/testimonials';
import { newClientId } from './token';
import { indiaDay } from './validity';

/**
 * A client's testimonial, from the request to the site: an owner asks (the client's page then shows the form), the
 * client sends their words with the consent box ticked (stored pending), an owner approves it into the content
 * draft (published with the rest) or declines it, and the client may withdraw their consent at any time (an
 * approved quote then leaves the draft, found by its `from`, the submission's id).
 */

/** The form's fields as posted: exactly these names. */
export interface TestimonialValues {
  quote: string;
  name: string;
  place: string;
  consent: boolean;
}

export type TestimonialErrors = Partial<Record<keyof TestimonialValues, string>>;

const MAX = { quote: 800, name: 80, place: 80 } as const;

/** Reads the client's form: the values (trimmed) or each refused field's message; nothing is stored on a refusal. */
export function readTestimonialForm(
  fields: Record<string, unknown>,
): { ok: true; value: TestimonialValues } | { ok: false; values: TestimonialValues; errors: TestimonialErrors } {
  const str = (k: string) => (typeof fields[k] === 'string' ? (fields[k] as string).trim() : '');
  const values = {
    quote: str('quote').replace(/\r\n?/g, '\n'),
    name: str('name'),
    place: str('place'),
    consent: typeof fields.consent === 'string' && fields.consent !== '',
  };
  const errors: TestimonialErrors = {};
  if (!values.quote || values.quote.length > MAX.quote) errors.quote = testimonialWords.errors.quote;
  if (!values.name || values.name.length > MAX.name || values.name.includes('\n')) {
    errors.name = testimonialWords.errors.name;
  }
  if (values.place.length > MAX.place) errors.place = testimonialWords.errors.place;
  if (!values.consent) errors.consent = testimonialWords.errors.consent;
  return Object.keys(errors).length === 0 ? { ok: true, value: values } : { ok: false, values, errors };
}

/** Whether the client's page offers the form: an owner asked for a testimonial on this engagement. */
export const testimonialAsked = (engagement: EngagementRecord) => Boolean(engagement.testimonialAskedAt);

/** Marks the engagement asked (by whom, when): its page shows the form from then on. */
export async function markAsked(env: Env, engagement: EngagementRecord, by: string, now: Date) {
  const asked = { ...engagement, testimonialAskedAt: now.toISOString(), testimonialAskedBy: by };
  await getClientStore(env).putEngagement(asked);
  logEvent('info', 'desk.action', { action: 'testimonial requested' });
  return asked;
}

/** Stores the client's testimonial, pending, with the consent statement's version they ticked. */
export async function submitTestimonial(
  env: Env,
  engagement: EngagementRecord,
  value: TestimonialValues,
  now: Date,
): Promise<TestimonialRecord> {
  const testimonial: TestimonialRecord = {
    id: newClientId(),
    engagementId: engagement.id,
    lead: engagement.lead,
    quote: value.quote,
    name: value.name,
    place: value.place,
    consentVersion: consentStatement.version,
    submittedAt: now.toISOString(),
    status: 'pending',
  };
  await getClientStore(env).createTestimonial(testimonial);
  logEvent('info', 'client.testimonial', { action: 'sent' });
  return testimonial;
}

/** How often a draft edit is tried again when another owner saved the draft meanwhile. */
const SAVE_TRIES = 3;

type DraftEdit = (items: Record<string, unknown>[]) => Record<string, unknown>[] | 'full' | null;

/**
 * Changes the draft's testimonials (saved against the revision it read; read again when another owner saved
 * meanwhile). `edit` answers null for "nothing to change". The outcome: saved, unchanged, full or invalid.
 */
async function editDraft(env: Env, edit: DraftEdit, by: string): Promise<'saved' | 'unchanged' | 'full' | 'invalid'> {
  const store = contentStore(env.DB, env.FEEDS);
  for (let attempt = 0; attempt < SAVE_TRIES; attempt++) {
    const draft = await store.readDraft();
    const json = (draft.json ?? {}) as Record<string, unknown>;
    const items = (Array.isArray(json.testimonials) ? json.testimonials : []) as Record<string, unknown>[];
    const next = edit(items);
    if (next === null) return 'unchanged';
    if (next === 'full') return 'full';
    const saved = await store.saveDraft({ ...json, testimonials: next }, draft.revision, by);
    if (saved.ok) return 'saved';
    if ('problems' in saved) return 'invalid';
  }
  throw new Error('the draft kept changing while a testimonial was written to it');
}

export type Decision = 'approved' | 'declined' | 'not_found' | 'not_pending' | 'full' | 'invalid';

/**
 * Approves a pending testimonial into the content draft: its quote, name, place as the role, the India day it was
 * sent as the day of consent, the client's email address (else phone) kept privately, shown, and its id as `from`.
 */
export async function approveTestimonial(env: Env, id: string, by: string, now: Date): Promise<Decision> {
  const clients = getClientStore(env);
  const testimonial = await clients.getTestimonial(id);
  if (!testimonial) return 'not_found';
  if (testimonial.status !== 'pending') return 'not_pending';
  const lead = await getLeadStore(env).get(testimonial.lead.kind, testimonial.lead.id);
  const { email, phone } = lead ? contactOf(lead) : { email: '', phone: '' };
  const contact = email || phone || '';
  const item = {
    quote: testimonial.quote,
    name: testimonial.name,
    role: testimonial.place,
    consentDate: indiaDay(new Date(testimonial.submittedAt)),
    ...(contact && { contact }),
    shown: true,
    from: testimonial.id,
  };
  // The item alone must pass the draft's checks (a contact the schema refuses is left out rather than the quote).
  const valid = DraftContent.shape.testimonials.element.safeParse(item);
  const added = valid.success ? item : { ...item, contact: undefined };
  const saved = await editDraft(
    env,
    (items) => (items.some((t) => t.from === testimonial.id) ? items : items.length >= 30 ? 'full' : [...items, added]),
    by,
  );
  if (saved === 'full' || saved === 'invalid') return saved;
  await clients.putTestimonial({ ...testimonial, status: 'approved', decidedBy: by, decidedAt: now.toISOString() });
  logEvent('info', 'desk.action', { action: 'testimonial approved' });
  return 'approved';
}

/** Declines a pending testimonial: nothing reaches the site. */
export async function declineTestimonial(env: Env, id: string, by: string, now: Date): Promise<Decision> {
  const clients = getClientStore(env);
  const testimonial = await clients.getTestimonial(id);
  if (!testimonial) return 'not_found';
  if (testimonial.status !== 'pending') return 'not_pending';
  await clients.putTestimonial({ ...testimonial, status: 'declined', decidedBy: by, decidedAt: now.toISOString() });
  logEvent('info', 'desk.action', { action: 'testimonial declined' });
  return 'declined';
}

/**
 * The client withdraws their consent for one of their engagement's testimonials: it is marked withdrawn and, when
 * the draft holds it (it was approved), taken out of the draft. Null when it is not theirs or already withdrawn;
 * otherwise whether the draft changed (the owners must then publish to take it off the live site).
 */
export async function withdrawTestimonial(
  env: Env,
  engagement: EngagementRecord,
  id: string,
  now: Date,
): Promise<{ testimonial: TestimonialRecord; draftChanged: boolean } | null> {
  const clients = getClientStore(env);
  const testimonial = await clients.getTestimonial(id);
  if (!testimonial || testimonial.engagementId !== engagement.id || testimonial.status === 'withdrawn') return null;
  const withdrawn = { ...testimonial, status: 'withdrawn' as const, withdrawnAt: now.toISOString() };
  await clients.putTestimonial(withdrawn);
  const saved = await editDraft(
    env,
    (items) => (items.some((t) => t.from === id) ? items.filter((t) => t.from !== id) : null),
    'client',
  );
  logEvent('info', 'client.testimonial', { action: 'withdrawn', draftChanged: saved === 'saved' });
  return { testimonial: withdrawn, draftChanged: saved === 'saved' };
}
