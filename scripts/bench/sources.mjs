// `npm run bench:sources`: how fast the desk's Sources report answers on local D1 holding a year of daily visit
// counts for 50 sources (and their campaigns) and a year of leads, against a locally started Worker.
// Times /desk/sources?days=90 when this build routes it, else the report alone (/__dev/sources-report?days=90).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startLocalWorker, wranglerEnv } from '../dev/local-worker.mjs';

const PORT = Number(process.env.BENCH_PORT || 8890);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 15);
const SOURCES = 50;
const DAYS = 365;
const LEADS_PER_SOURCE = 20;
const BUDGET_MS = 300;
const DAY = 86_400_000;

const day = (ms) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);
const quote = (text) => `'${String(text).replace(/'/g, "''")}'`;
/** INSERT statements of at most 100 rows each (a statement stays under D1's 100 KB). */
function inserts(head, rows) {
  const out = [];
  for (let i = 0; i < rows.length; i += 100) out.push(`${head} VALUES\n${rows.slice(i, i + 100).join(',\n')};`);
  return out;
}

/** A year of counts (a row per day and source; every fifth source with a campaign as well) and of leads. */
function seedSql() {
  const now = Date.now();
  const counts = [];
  const quiz = [];
  const enquiries = [];
  for (let s = 0; s < SOURCES; s++) {
    const source = `source-${s}`;
    for (let d = 1; d <= DAYS; d++) {
      const visits = 5 + ((s * 7 + d) % 40);
      const reached = [visits >> 1, visits >> 2, visits >> 3, visits >> 4];
      counts.push(`(${quote(day(now - d * DAY))}, ${quote(source)}, 'social', '', ${visits}, ${reached.join(', ')})`);
      if (s % 5 === 0)
        counts.push(`(${quote(day(now - d * DAY))}, ${quote(source)}, 'social', 'spring', 3, 2, 1, 1, 0)`);
    }
    for (let n = 0; n < LEADS_PER_SOURCE; n++) {
      const at = new Date(now - ((n * 17 + s) % DAYS) * DAY).toISOString();
      const attribution = quote(JSON.stringify({ utm_source: source, ...(n % 3 === 0 && { utm_campaign: 'spring' }) }));
      const consent = quote(JSON.stringify({ version: 'bench', at }));
      const id = quote(`bench-${s}-${n}`);
      if (n % 2 === 0) {
        const answers = quote(JSON.stringify({ 0: 'Health', 1: '26-39', 2: 'I know a little' }));
        const contact = quote(JSON.stringify({ first: 'B', last: 'Ench', email: `b${s}-${n}@example.com`, phone: '' }));
        quiz.push(
          `(${id}, ${quote(at)}, 'submitted', ${answers}, ${contact}, 'bench', '["Consultations"]', ${consent}, ${attribution})`,
        );
      } else {
        enquiries.push(
          `(${id}, 'Bench', '+919812345678', ${quote(`e${s}-${n}@example.com`)}, 'Bench', ${quote(at)}, ${consent}, ${attribution})`,
        );
      }
    }
  }
  return [
    ...inserts(
      'INSERT INTO visit_counts (day, source, medium, campaign, visits, reached_1, reached_2, reached_3, reached_4)',
      counts,
    ),
    ...inserts(
      'INSERT INTO quiz_responses (id, created_at, status, answers, contact, source, recommended, consent, attribution)',
      quiz,
    ),
    ...inserts(
      'INSERT INTO enquiries (id, name, phone, email, description, created_at, consent, attribution)',
      enquiries,
    ),
  ].join('\n');
}

function seed(state) {
  const file = path.join(state, 'bench-sources.sql');
  writeFileSync(file, seedSql());
  const r = spawnSync('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', state, '--file', file], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...wranglerEnv, CI: 'true' },
  });
  if (r.status !== 0) throw new Error('seeding the local database failed');
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

// Sample feeds: the probe of /desk/sources (a 404 page where it is not routed) must not reach YouTube.
const worker = await startLocalWorker({ port: PORT, seed, vars: { YOUTUBE_SAMPLE_FEEDS: '1' } });
const times = [];
let target;
try {
  const page = await fetch(`${worker.origin}/desk/sources?days=90`);
  await page.arrayBuffer();
  target = page.status === 200 ? '/desk/sources?days=90' : '/__dev/sources-report?days=90';
  const first = await (await fetch(worker.origin + target)).text();
  if (target.startsWith('/__dev') && !JSON.parse(first).ok)
    throw new Error(`the report failed: ${first.slice(0, 200)}`);
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const res = await fetch(worker.origin + target);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${target} answered ${res.status}`);
    times.push(performance.now() - start);
  }
} finally {
  await worker.stop();
}
const ms = median(times);
console.log(
  `\nbench:sources (wrangler dev, loopback; ${SOURCES} sources × ${DAYS} days of counts, ${SOURCES * LEADS_PER_SOURCE} leads):`,
);
console.log(
  `  ${target}: median ${ms.toFixed(0)} ms of ${REQUESTS} (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}); budget ${BUDGET_MS} ms`,
);
process.exit(ms > BUDGET_MS ? 1 : 0);
