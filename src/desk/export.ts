import { ATTRIBUTION_KEYS } from '../shared/attribution';
import { desk } from '../words/desk';
import { QUIZ_STEPS } from '../words/site';
import type { LeadRecord, OwnerFilter } from '../store/leads/listing';
import type { LeadStore } from '../store/leads/port';
import { toQuery, type ListParams } from './params';
import { LEAD_KINDS as ALL, type LeadKind } from '../store/leads/lead';

/** Leads read per store query while streaming; the response never holds more than one page. */
const EXPORT_PAGE = 500;

interface Column {
  header: string;
  kinds: readonly LeadKind[];
  value(lead: LeadRecord): string;
}

const quizOnly = ['quiz'] as const;

/** Every stored field, flattened: one column each, the quiz answers one per question. */
const COLUMNS: Column[] = [
  { header: 'kind', kinds: ALL, value: (l) => l.kind },
  { header: 'id', kinds: ALL, value: (l) => l.id },
  { header: 'createdAt', kinds: ALL, value: (l) => l.createdAt },
  { header: 'name', kinds: ['enquiry'], value: (l) => (l.kind === 'enquiry' ? l.name : '') },
  { header: 'first', kinds: quizOnly, value: (l) => (l.kind === 'quiz' ? l.contact.first : '') },
  { header: 'last', kinds: quizOnly, value: (l) => (l.kind === 'quiz' ? l.contact.last : '') },
  { header: 'email', kinds: ALL, value: (l) => (l.kind === 'quiz' ? l.contact.email : l.email) },
  {
    header: 'phone',
    kinds: ['quiz', 'enquiry'],
    value: (l) => (l.kind === 'quiz' ? l.contact.phone : l.kind === 'enquiry' ? l.phone : ''),
  },
  { header: 'description', kinds: ['enquiry'], value: (l) => (l.kind === 'enquiry' ? l.description : '') },
  { header: 'source', kinds: quizOnly, value: (l) => (l.kind === 'quiz' ? l.source : '') },
  ...QUIZ_STEPS.map((step, i): Column => ({
    header: `answers.${i}: ${step.title}`,
    kinds: quizOnly,
    value: (l) => (l.kind === 'quiz' ? (l.answers[String(i)] ?? '') : ''),
  })),
  {
    header: 'recommended',
    kinds: quizOnly,
    value: (l) => (l.kind === 'quiz' ? l.recommended.join('; ') : ''),
  },
  ...ATTRIBUTION_KEYS.map((key): Column => ({ header: key, kinds: ALL, value: (l) => l.attribution?.[key] ?? '' })),
  { header: 'consentVersion', kinds: ALL, value: (l) => l.consent.version },
  { header: 'consentAt', kinds: ALL, value: (l) => l.consent.at },
  { header: 'status', kinds: ALL, value: (l) => l.desk.status },
  { header: 'statusBy', kinds: ALL, value: (l) => l.desk.statusBy ?? '' },
  { header: 'statusAt', kinds: ALL, value: (l) => l.desk.statusAt ?? '' },
  { header: 'note', kinds: ALL, value: (l) => l.desk.note ?? '' },
  { header: 'noteBy', kinds: ALL, value: (l) => l.desk.noteBy ?? '' },
  { header: 'noteAt', kinds: ALL, value: (l) => l.desk.noteAt ?? '' },
  { header: 'owner', kinds: ['quiz', 'enquiry'], value: (l) => l.desk.owner ?? '' },
  { header: 'ownerBy', kinds: ['quiz', 'enquiry'], value: (l) => l.desk.ownerBy ?? '' },
  { header: 'ownerAt', kinds: ['quiz', 'enquiry'], value: (l) => l.desk.ownerAt ?? '' },
];

/**
 * A cell as text a spreadsheet shows and never runs: one starting with =, +, -,
 * @ (or a tab or carriage return, which some programs skip) gets a leading
 * apostrophe; quotes, commas and line breaks are quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The filtered leads as CSV, UTF-8 with a byte-order mark, streamed page by page (`owner`: whose leads, as the
 * inbox filters them). The first page is read before answering, so a store that cannot be reached answers as an
 * error (503) rather than as a broken file.
 */
export async function exportCsv(
  store: LeadStore,
  params: ListParams,
  owner?: OwnerFilter,
  now = new Date(),
): Promise<Response> {
  const columns = COLUMNS.filter((c) => !params.kind || c.kinds.includes(params.kind));
  const encoder = new TextEncoder();
  const line = (cells: string[]) => encoder.encode(`${cells.map(csvCell).join(',')}\r\n`);
  const read = (cursor?: string) => store.list({ ...toQuery(params, EXPORT_PAGE, owner), cursor });
  let page: Awaited<ReturnType<typeof read>> | null = await read();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode('\uFEFF'));
        controller.enqueue(line(columns.map((c) => c.header)));
        return;
      }
      if (!page) return controller.close();
      for (const lead of page.leads) controller.enqueue(line(columns.map((c) => c.value(lead))));
      page = page.next ? await read(page.next) : null;
    },
  });
  const day = now.toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${desk.export.fileName(params.kind ?? 'all', day)}"`,
    },
  });
}
