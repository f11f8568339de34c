import type { Env } from '../../env';
import type { EngagementTerms } from '../../store/clients/clients';
import { publishedContent } from '../../store/site-content/published-content';
import { contentStore } from '../../store/site-content/site-content';
import { termsHash } from '../../clients/start';
import { indiaDay } from '../../clients/validity';
import { deskClients as copy } from '../../words/clients/desk-clients';
import { FORM_ID } from '../payments/request-form';

/** The start form's field names, as posted. */
export const ENGAGEMENT_FIELDS = ['formId', 'program', 'sessions', 'valid_until', 'terms'] as const;
export type EngagementField = (typeof ENGAGEMENT_FIELDS)[number];

/** The `terms` value that starts an engagement without terms (an empty one takes the current published terms). */
export const NO_TERMS = 'none';
/** How many published versions are looked through for a program's earlier terms. */
const VERSIONS_LOOKED_AT = 10;

/** What the form shows again after a refused post: what was typed, and each message by its field. */
export interface EngagementFormState {
  values: Partial<Record<EngagementField, string>>;
  errors: Partial<Record<EngagementField | 'status', string>>;
}

/** One published version of a program's terms the form offers (the newest version of each distinct text). */
export interface TermsChoice {
  program: string;
  versionId: number;
  publishedAt: string;
  text: string;
  /** The terms of the content published now. */
  current: boolean;
}

/** What the form offers: the published programs and their published terms versions, newest first. */
export interface EngagementOffer {
  programs: { slug: string; title: string; sessions?: number }[];
  terms: TermsChoice[];
}

/** The programs published now, and each one's terms as published in the recent versions (the live one first). */
export async function engagementOffer(env: Env): Promise<EngagementOffer> {
  const live = await publishedContent(env.FEEDS);
  const programs = live.content.programs.map((p) => ({
    slug: p.slug,
    title: p.title,
    ...(p.sessions && { sessions: p.sessions }),
  }));
  const store = contentStore(env.DB, env.FEEDS);
  const summaries = await store.versions(VERSIONS_LOOKED_AT);
  const terms: TermsChoice[] = [];
  for (const summary of summaries) {
    const version = await store.version(summary.id);
    for (const p of version?.content.programs ?? []) {
      const text = p.terms?.trim() ? p.terms : '';
      if (!text || terms.some((t) => t.program === p.slug && t.text === text)) continue;
      // The text live now (a republished older version may share it with a newer one: the newest is offered).
      const current = live.versionId !== null && live.content.programs.find((l) => l.slug === p.slug)?.terms === text;
      terms.push({ program: p.slug, versionId: summary.id, publishedAt: summary.publishedAt, text, current });
    }
  }
  return { programs, terms };
}

export interface EngagementInput {
  formId: string;
  program: string;
  programTitle: string;
  sessions: number;
  validUntil: string;
  terms?: EngagementTerms;
}

/**
 * The posted form read against what the page offered: the engagement to start, or each problem by its field.
 * `terms` empty takes the program's terms published now (none when it has none), `none` starts it without terms.
 */
export async function readEngagementForm(
  fields: Record<string, unknown>,
  offer: EngagementOffer,
  now: Date,
): Promise<{ ok: true; value: EngagementInput } | { ok: false; state: EngagementFormState }> {
  const values: EngagementFormState['values'] = {};
  for (const name of ENGAGEMENT_FIELDS) {
    const raw = fields[name];
    if (typeof raw === 'string') values[name] = raw.trim();
  }
  const errors: EngagementFormState['errors'] = {};
  const formId = values.formId ?? '';
  if (!FORM_ID.test(formId)) errors.formId = copy.errors.form;
  const program = offer.programs.find((p) => p.slug === values.program);
  if (!program) errors.program = copy.errors.program;
  const sessions = /^\d{1,2}$/.test(values.sessions ?? '') ? Number(values.sessions) : 0;
  if (sessions < 1 || sessions > 50) errors.sessions = copy.errors.sessions;
  const validUntil = values.valid_until ?? '';
  if (!realDay(validUntil) || validUntil < indiaDay(now)) errors.valid_until = copy.errors.validUntil;
  const chosen = values.terms ?? '';
  let terms: TermsChoice | undefined;
  if (program && chosen !== NO_TERMS) {
    const own = offer.terms.filter((t) => t.program === program.slug);
    terms = chosen === '' ? own.find((t) => t.current) : own.find((t) => String(t.versionId) === chosen);
    if (chosen !== '' && !terms) errors.terms = copy.errors.terms;
  }
  if (Object.keys(errors).length > 0 || !program) return { ok: false, state: { values, errors } };
  return {
    ok: true,
    value: {
      formId,
      program: program.slug,
      programTitle: program.title,
      sessions,
      validUntil,
      ...(terms && { terms: { versionId: terms.versionId, text: terms.text, hash: await termsHash(terms.text) } }),
    },
  };
}

/** A real calendar day written YYYY-MM-DD (no 2026-02-30). */
function realDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

/**
 * The engagement's id from the form's id (128 bits of its SHA-256, base64url): a form posted twice names the same
 * engagement, which the store then refuses to start again.
 */
export async function engagementIdOf(formId: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`engagement:${formId}`)),
  );
  return btoa(String.fromCharCode(...digest.slice(0, 16)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
