import type { Env } from './env';
import { putGuideFile } from './store/guides/guide-files';
import { contentStore } from './store/site-content/site-content';
import { forgetPublished, publishedContent } from './store/site-content/published-content';
import type { GuideContent } from './shared/site-content';
import * as z from 'zod';
import { getGuideStore } from './store/guides/open';
import { getLeadStore } from './store/leads/open';
import { consent as consentWords } from './words/privacy';

const consentNotices = consentWords.notices;

/** The slug of the guide a local run offers (POST /__dev/guides/seed). */
export const SAMPLE_GUIDE_SLUG = 'five-minute-reset';

/** A one-page PDF that any reader opens: the sample guide's file. */
function samplePdf(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 58 >>\nstream\nBT /F1 18 Tf 40 520 Td (The Five-Minute Reset) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/**
 * Development only: offers the sample guide, as if the owners had added it in the content editor and published:
 * its PDF in the local R2, the guide in the draft, then a publish. Changes nothing when it is live already.
 */
export async function seedSampleGuide(env: Env): Promise<{ slug: string; published: boolean }> {
  const store = contentStore(env.DB, env.FEEDS);
  for (let attempt = 0; attempt < 3; attempt++) {
    const draft = await store.readDraft();
    const json = draft.json as { guides?: GuideContent[] };
    if (!json.guides?.some((g) => g.slug === SAMPLE_GUIDE_SLUG)) {
      const file = await putGuideFile(env.MEDIA, samplePdf());
      const guide: GuideContent = {
        slug: SAMPLE_GUIDE_SLUG,
        title: 'The Five-Minute Reset',
        promise: 'A short daily practice to come back to yourself on a crowded day.',
        cover: '',
        coverAlt: '',
        file,
        shown: true,
      };
      const saved = await store.saveDraft({ ...json, guides: [...(json.guides ?? []), guide] }, draft.revision, 'dev');
      if (!saved.ok && 'conflict' in saved) continue;
      if (!saved.ok) throw new Error(`the sample guide was refused: ${JSON.stringify(saved.problems)}`);
    }
    // Published already (what is live read afresh from KV, not this isolate's memory of it): nothing to do.
    forgetPublished(env.FEEDS);
    const live = await publishedContent(env.FEEDS);
    if (live.content.guides.some((g) => g.slug === SAMPLE_GUIDE_SLUG))
      return { slug: SAMPLE_GUIDE_SLUG, published: false };
    const published = await store.publish('dev');
    if (!published.ok) throw new Error('the sample guide could not be published');
    return { slug: SAMPLE_GUIDE_SLUG, published: true };
  }
  throw new Error('the draft kept changing: the sample guide was not added');
}

const DevGuideRequest = z.object({
  email: z.email().transform((e) => e.toLowerCase()),
  guide: z.string().min(1).default(SAMPLE_GUIDE_SLUG),
  guideTitle: z.string().min(1).default('The Five-Minute Reset'),
  /** The visit's source as /desk/sources names it; '' for a direct visit. */
  source: z.string().default(''),
  confirmed: z.boolean().default(false),
  downloads: z.number().int().min(0).max(50).default(0),
});

/**
 * Development only: a guide request stored as if the form had been sent (and, when `confirmed`, its link opened,
 * which makes a newsletter subscription, and the guide downloaded `downloads` times), straight through the stores.
 * What the e2e of the desk's counts needs while the form's own route is built apart. Answers the request's id and the
 * subscription's, or the problems of a body that is not such a request.
 */
export async function seedGuideRequest(
  env: Env,
  body: unknown,
): Promise<{ ok: true; id: string; subscriptionId?: string } | { ok: false; problems: string[] }> {
  const parsed = DevGuideRequest.safeParse(body);
  if (!parsed.success)
    return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const { email, guide, guideTitle, source, confirmed, downloads } = parsed.data;
  const now = new Date().toISOString();
  const id = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
  const consent = { version: consentNotices.newsletter.version, at: now };
  // The visit's first touch, kept alike on the request and on the subscription its confirmation makes.
  const attribution = source ? { utm_source: source } : undefined;
  const guides = getGuideStore(env);
  await guides.create({
    id,
    guide,
    guideTitle,
    email,
    consent,
    ...(attribution && { attribution }),
    source,
    verified: true,
    requestedAt: now,
    downloads: 0,
  });
  if (!confirmed) return { ok: true, id };
  const subscription = {
    kind: 'newsletter' as const,
    id: crypto.randomUUID(),
    createdAt: now,
    consent,
    email,
    ...(attribution && { attribution }),
  };
  await getLeadStore(env).save(subscription);
  await guides.confirm(id, now, subscription.id);
  for (let i = 0; i < downloads; i++) await guides.countDownload(id, now);
  return { ok: true, id, subscriptionId: subscription.id };
}
