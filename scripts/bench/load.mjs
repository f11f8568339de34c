// `npm run load`: concurrent page views and lead submissions against `wrangler dev` on loopback,
// bounded in count and time. Prints throughput, latency percentiles and error counts, then checks
// (with the rate limit raised for the run) that every accepted submission was stored exactly once,
// including submissions deliberately sent twice with the same submissionId.
import { randomUUID } from 'node:crypto';
import { writeRaisedLimitConfig } from './derived-config.mjs';
import { fmt, runLoad } from './http-load.mjs';
import { startLocalWorker, warmFeedCache } from '../dev/local-worker.mjs';

const PORT = Number(process.env.LOAD_PORT || 8890);
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY || 16);
const PAGE_VIEWS = Number(process.env.LOAD_PAGE_VIEWS || 1500);
const SUBMISSIONS = Number(process.env.LOAD_SUBMISSIONS || 600);
const MAX_SECONDS = Number(process.env.LOAD_SECONDS || 60);

const config = writeRaisedLimitConfig();
const worker = await startLocalWorker({ port: PORT, config, vars: { YOUTUBE_SAMPLE_FEEDS: '1' } });
const json = (path, body) =>
  fetch(worker.origin + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: worker.origin },
    body: JSON.stringify(body),
  });

const sent = []; // { table, id }
function submission(i) {
  // Every fifth submission repeats the previous one's id: a double click or a retry.
  const repeat = i % 5 === 4 && sent.length > 0 ? sent[sent.length - 1] : undefined;
  const kind = repeat?.kind ?? ['newsletter', 'quiz', 'enquiry'][i % 3];
  const id = repeat?.id ?? randomUUID();
  const email = `load-${id.slice(0, 8)}@example.com`;
  if (!repeat) sent.push({ kind, id });
  if (kind === 'newsletter') return { kind, id, send: () => json('/api/newsletter', { submissionId: id, email }) };
  if (kind === 'quiz')
    return {
      kind,
      id,
      send: () =>
        json('/api/quiz', {
          submissionId: id,
          answers: { 0: 'Mindset', 1: '26-39', 2: 'I know a little' },
          contact: { first: 'Load', last: 'Test', email },
        }),
    };
  return {
    kind,
    id,
    send: () =>
      json('/api/enquiry', { submissionId: id, name: 'Load Test', phone: '98765 43210', email, description: 'load' }),
  };
}

const accepted = new Map(); // id -> kind
const table = { newsletter: 'news_letter', quiz: 'quiz_responses', enquiry: 'enquiries' };
let views, subs;
let missing = 0;
let duplicated = 0;
let stored = 0;
try {
  await warmFeedCache(worker.origin);
  const paths = ['/', '/quiz', '/', '/api/videos'];
  const [v, s] = await Promise.all([
    runLoad({
      concurrency: CONCURRENCY / 2,
      total: PAGE_VIEWS,
      maxSeconds: MAX_SECONDS,
      request: (i) => fetch(worker.origin + paths[i % paths.length]),
    }),
    runLoad({
      concurrency: CONCURRENCY / 2,
      total: SUBMISSIONS,
      maxSeconds: MAX_SECONDS,
      request: async (i) => {
        const sub = submission(i);
        const res = await sub.send();
        if (res.status === 201 || res.status === 202) accepted.set(sub.id, sub.kind);
        return res;
      },
    }),
  ]);
  views = v;
  subs = s;
  await new Promise((r) => setTimeout(r, 3000)); // let parked writes (202) drain through the queue

  // Read the store through the Worker's development-only route, never the runtime's files.
  for (const [id, kind] of accepted) {
    const res = await fetch(`${worker.origin}/__dev/leads?id=${id}`);
    if (!res.ok) throw new Error(`GET /__dev/leads answered ${res.status}`);
    const { leads } = await res.json();
    const n = leads[table[kind]].length;
    stored += Object.values(leads).reduce((sum, rows) => sum + rows.length, 0);
    if (n === 0) missing++;
    if (n > 1) duplicated++;
  }
} finally {
  await worker.stop();
}

console.log(`\nload (loopback, wrangler dev, rate limit raised for the run):`);
console.log(`  page views   (${CONCURRENCY / 2} concurrent): ${fmt(views)}`);
console.log(`  submissions  (${CONCURRENCY / 2} concurrent): ${fmt(subs)}`);
console.log(
  `  accepted distinct submissions: ${accepted.size}; rows stored for them: ${stored}; missing: ${missing}; duplicated: ${duplicated}`,
);
const ok = views.errors === 0 && subs.errors === 0 && missing === 0 && duplicated === 0 && stored === accepted.size;
console.log(ok ? 'load: every accepted submission stored exactly once' : 'load: FAILED');
process.exit(ok ? 0 : 1);
