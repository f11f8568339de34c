/**
 * The published site content on a visitor's request: from this isolate's memory, re-read from KV at most every
 * CONTENT_TTL_MS, never from D1. A publish writes one KV key (and this isolate's memory at once); other isolates
 * see it on their next read, which KV's edge may answer from its cache for up to KV_CACHE_TTL_S: a publish is live
 * everywhere within 30 s + 30 s. No entry (a fresh site) or an unreadable one: the default content.
 */
import { errorMessage, logEvent } from '../../log';
import { defaultContent } from '../../shared/default-content';
import { SiteContent } from '../../shared/site-content';

/** The KV key (in the FEEDS namespace) of the published content. */
export const CONTENT_KEY = 'site-content:published:v1';
/** How long an isolate serves what it read before it asks KV again. */
export const CONTENT_TTL_MS = 30_000;
/** How long KV's edge may serve its cached copy of the key (30 s is the least KV allows). */
const KV_CACHE_TTL_S = 30;

/** The content pages render, and the version it is (null: the default content, nothing published yet). */
export interface PublishedContent {
  versionId: number | null;
  content: SiteContent;
}

interface Held {
  readAt: number;
  value: PublishedContent;
}

/** Per KV namespace (tests run several), what this isolate last read and any read in flight. */
const held = new WeakMap<KVNamespace, Held>();
const inflight = new WeakMap<KVNamespace, Promise<PublishedContent>>();

let fallback: PublishedContent | undefined;
const defaultPublished = () => (fallback ??= { versionId: null, content: defaultContent() });

async function readKv(kv: KVNamespace, previous: PublishedContent | undefined): Promise<PublishedContent> {
  try {
    const raw = await kv.get<{ versionId?: unknown; content?: unknown }>(CONTENT_KEY, {
      type: 'json',
      cacheTtl: KV_CACHE_TTL_S,
    });
    if (raw === null) return defaultPublished();
    const parsed = SiteContent.safeParse(raw.content);
    if (parsed.success && typeof raw.versionId === 'number') return { versionId: raw.versionId, content: parsed.data };
    logEvent('error', 'content.unreadable', { outcome: 'kept previous', error: 'entry does not match the schema' });
  } catch (err) {
    logEvent('error', 'content.unreadable', { outcome: 'kept previous', error: errorMessage(err) });
  }
  return previous ?? defaultPublished();
}

/** The published content, as a page renders it. Never throws. */
export function publishedContent(kv: KVNamespace, now = Date.now()): Promise<PublishedContent> {
  const last = held.get(kv);
  if (last && now - last.readAt < CONTENT_TTL_MS) return Promise.resolve(last.value);
  let reading = inflight.get(kv);
  if (!reading) {
    reading = readKv(kv, last?.value).then((value) => {
      held.set(kv, { readAt: now, value });
      inflight.delete(kv);
      return value;
    });
    inflight.set(kv, reading);
  }
  return reading;
}

/** Makes `value` live: one KV write, and this isolate's memory at once. */
export async function putPublished(kv: KVNamespace, value: PublishedContent, now = Date.now()): Promise<void> {
  await kv.put(CONTENT_KEY, JSON.stringify(value));
  held.set(kv, { readAt: now, value });
}

/** Forgets what this isolate read (tests start each case from KV). */
export function forgetPublished(kv: KVNamespace): void {
  held.delete(kv);
}
