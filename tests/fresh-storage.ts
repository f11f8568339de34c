import { env } from 'cloudflare:test';

// The files that assert on storage as a whole (the queue, the delivery ledger, every lead) run in one runtime of
// their own, one after another, and each starts from empty storage: every table but the migrations' record, every
// key, every object. Starting a runtime per file cost about 8 s of processor time each (decision 041).
const tables = (
  await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations'",
  ).all<{ name: string }>()
).results.map(({ name }) => name);
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
await env.DB.batch(tables.map((table) => env.DB.prepare(`DELETE FROM ${quoted(table)}`)));
for (let cursor: string | undefined; ;) {
  const page = await env.FEEDS.list({ cursor });
  await Promise.all(page.keys.map(({ name }) => env.FEEDS.delete(name)));
  if (page.list_complete) break;
  cursor = page.cursor;
}
for (let cursor: string | undefined; ;) {
  const page = await env.MEDIA.list({ cursor });
  if (page.objects.length > 0) await env.MEDIA.delete(page.objects.map((o) => o.key));
  if (!page.truncated) break;
  cursor = page.cursor;
}

// A file that found rows left by the one before would test less than it says: refuse to start it.
const left = await env.DB.batch(
  tables.map((table) => env.DB.prepare(`SELECT ? AS name, COUNT(*) AS n FROM ${quoted(table)}`).bind(table)),
);
const kept = left.map((r) => r.results[0] as { name: string; n: number }).filter(({ n }) => n > 0);
const keys = (await env.FEEDS.list({ limit: 1 })).keys.length + (await env.MEDIA.list({ limit: 1 })).objects.length;
if (kept.length > 0 || keys > 0) {
  throw new Error(`storage not empty before the file: ${JSON.stringify(kept)}, ${keys} keys or objects`);
}
