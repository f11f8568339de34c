// What `npm run lighthouse` and `npm run lighthouse:tasks` share to measure a page as a slow phone runs it (issue 58):
// Lighthouse's `devtools` throttling, where Chromium itself slows the CPU, so the trace is what a phone that slow
// does and the total blocking time is read off it as it happened (no simulation that multiplies the host's waits);
// the blank page each round is measured beside, as the host's floor; and the client page's address on a local Worker.
import { createServer } from 'node:http';
import { throttling } from 'lighthouse/core/config/constants.js';

/** Lighthouse's mobile settings with Chromium slowing the CPU `slowdown` times; the network is loopback as it is. */
export const appliedConfig = (slowdown, onlyCategories = ['performance']) => ({
  extends: 'lighthouse:default',
  settings: {
    onlyCategories,
    throttlingMethod: 'devtools',
    throttling: {
      ...throttling.mobileSlow4G,
      requestLatencyMs: 0,
      downloadThroughputKbps: 0,
      uploadThroughputKbps: 0,
      cpuSlowdownMultiplier: slowdown,
    },
  },
});

/** The navigation's main thread and the name its tasks have in this Chromium's trace. */
function mainThread(trace) {
  const events = trace.traceEvents;
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'));
  // A task is `RunTask` in Lighthouse's trace, `ThreadControllerImpl::RunTask` in some Chromium builds'.
  const task = events.some((e) => e.name === 'RunTask') ? 'RunTask' : 'ThreadControllerImpl::RunTask';
  return { nav, task, mine: (e) => Boolean(nav) && e.pid === nav.pid && e.tid === nav.tid };
}

/** The trace's first contentful paint (µs), or undefined when the page painted nothing. */
export const firstPaintTs = (trace) => trace.traceEvents.find((e) => e.name === 'firstContentfulPaint')?.ts;

/**
 * The page's main-thread tasks that ran after the first contentful paint for longer than `overMs`, as they ran:
 * { afterMs (from the first paint; negative for a task that began before it), wallMs, cpuMs, event }, longest first.
 * A task that began before the first paint and ended after it counts by its part after the paint (`wallMs`), as
 * Lighthouse's total blocking time counts it: the browser can present the first frame while the main thread is
 * already in its next task (a page painted before all of it was read, then laid out).
 */
export function tasksAfterPaint(trace, overMs = 0) {
  const fcp = firstPaintTs(trace);
  const { task, mine } = mainThread(trace);
  if (fcp === undefined) return [];
  return trace.traceEvents
    .filter((e) => mine(e) && e.ph === 'X' && e.name === task && e.ts + e.dur - Math.max(e.ts, fcp) > overMs * 1000)
    .map((event) => {
      const part = event.ts >= fcp ? 1 : (event.ts + event.dur - fcp) / event.dur;
      return {
        afterMs: Math.round((event.ts - fcp) / 1000),
        wallMs: (event.ts + event.dur - Math.max(event.ts, fcp)) / 1000,
        cpuMs: ((event.tdur ?? 0) * part) / 1000,
        event,
      };
    })
    .sort((a, b) => b.wallMs - a.wallMs);
}

/** The events that ran inside a task on its thread (for naming what it did). */
export function eventsInside(trace, taskEvent) {
  const end = taskEvent.ts + taskEvent.dur;
  return trace.traceEvents.filter(
    (e) =>
      e.pid === taskEvent.pid &&
      e.tid === taskEvent.tid &&
      e !== taskEvent &&
      e.ts >= taskEvent.ts &&
      e.ts + (e.dur ?? 0) <= end,
  );
}

/** What ran in a task: the main trace events by name, with their total time (ms), layout size and script file. */
export function describeTask(node) {
  const parts = new Map();
  for (const e of node.childEvents) {
    const data = e.args?.data ?? e.args?.beginData ?? {};
    let key;
    if (e.name === 'ParseHTML') key = 'ParseHTML';
    else if (e.name === 'Layout') key = `Layout(${e.args?.beginData?.dirtyObjects ?? '?'} dirty)`;
    else if (e.name === 'UpdateLayoutTree') key = `RecalcStyle(${e.args?.elementCount ?? '?'} el)`;
    else if (['EvaluateScript', 'v8.compile', 'v8.compileModule', 'FunctionCall'].includes(e.name))
      key = `${e.name} ${String(data.url ?? '').replace(/^.*\//, '') || data.functionName || ''}`.trim();
    else if (['v8.evaluateModule', 'Paint', 'PrePaint', 'Commit', 'TimerFire', 'EventDispatch'].includes(e.name))
      key = e.name;
    else if (e.name === 'RunMicrotasks' || e.name === 'V8.GC_SCAVENGER' || e.name === 'MajorGC' || e.name === 'MinorGC')
      key = e.name;
    // Anything else by its trace name (a stylesheet's parse is ParseAuthorStyleSheet), so no time goes unnamed.
    else if (e.dur && !['RunTask', 'ThreadControllerImpl::RunTask'].includes(e.name)) key = e.name;
    if (!key || !e.dur) continue;
    parts.set(key, (parts.get(key) ?? 0) + e.dur / 1000);
  }
  return [...parts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([k, ms]) => `${k} ${ms.toFixed(1)}`)
    .join(', ');
}

/**
 * With devtools throttling: the page's main-thread tasks over `overMs` (50) after the observed first paint, as they ran
 * (one that began before it by its part after it, marked "across FCP"), each a line naming what it did.
 */
export const observedLongTasks = (trace, overMs = 50) =>
  tasksAfterPaint(trace, overMs)
    .sort((a, b) => a.afterMs - b.afterMs)
    .map(
      (t) =>
        `   ${t.afterMs < 0 ? `across FCP (from ${t.afterMs} ms, all ${(t.event.dur / 1000).toFixed(1)})` : `after FCP ${t.afterMs} ms`}: wall ${t.wallMs.toFixed(1)} cpu ${t.cpuMs.toFixed(1)}: ${describeTask({ childEvents: eventsInside(trace, t.event) })}`,
    );

/**
 * The local Worker's settings for a measured site: the sample feeds (warm, thumbnails unreachable), and result emails
 * sent as `npm run dev` sends them (RESULT_EMAIL_FROM; without it no guide is offered).
 */
export const LOCAL_SITE_VARS = {
  YOUTUBE_SAMPLE_FEEDS: '1',
  YOUTUBE_THUMB_URL: 'http://127.0.0.1:9',
  RESULT_EMAIL_FROM: 'priya@coach.localhost',
};

/**
 * A page with one line of text and nothing else, served on loopback: what the host's Chromium costs a navigation
 * at the same slowdown. Resolves to { origin, close() }.
 */
export async function startBlankPage() {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
    '<title>Blank</title></head><body><p>Blank</p></body></html>';
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * A client's private page on a local development Worker (its `/__dev` routes answer on loopback): an enquiry sent as
 * a browser without JavaScript sends it, then an engagement with a live link on it. Answers the page's path; the
 * token is a local run's only, and callers print `/c/:token` in its place.
 */
export async function clientPagePath(origin) {
  const email = `lighthouse-${Date.now()}@example.com`;
  const form = new URLSearchParams({
    name: 'Asha Menon',
    phone: '98765 43210',
    email,
    description: 'Six sessions, please.',
  });
  const sent = await fetch(`${origin}/api/enquiry`, { method: 'POST', body: form, redirect: 'manual' });
  if (sent.status >= 400) throw new Error(`the enquiry for the client page was refused (${sent.status})`);
  const found = await (await fetch(`${origin}/__dev/leads?email=${encodeURIComponent(email)}`)).json();
  const id = found.leads?.enquiries?.[0]?.id;
  if (!id) throw new Error('the enquiry for the client page was not stored');
  const started = await fetch(`${origin}/__dev/clients/engagement`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'enquiry', id, sessions: 6, validUntil: '2099-12-31', program: 'consultations' }),
  });
  const { token } = await started.json();
  if (!token) throw new Error(`no client page could be started (${started.status})`);
  return `/c/${token}`;
}

/**
 * Offers the sample free guide on a local development Worker (`/__dev/guides/seed`: published at once), so `/` shows
 * its block as a site with a guide does. The same again changes nothing.
 */
export async function offerSampleGuide(origin) {
  const seeded = await fetch(`${origin}/__dev/guides/seed`, { method: 'POST' });
  if (!seeded.ok) throw new Error(`the sample guide could not be offered (${seeded.status})`);
}

/**
 * The free guide's confirmation page (`/guides/confirm?t=…`) on a local development Worker: the sample guide offered
 * (`/__dev/guides/seed`, which publishes it, so `/` then shows its block as a site with a guide does), asked for as a
 * browser without JavaScript asks, and the link read from the confirmation email the local Worker kept. Opening the
 * page confirms nothing (its button does). Answers the page's path; callers print `/guides/confirm` in its place.
 */
export async function guidePagePath(origin) {
  await offerSampleGuide(origin);
  const email = `lighthouse-guide-${Date.now()}@example.com`;
  // The consent notice's version, as the guide's block on `/` sends it.
  const landing = await (await fetch(`${origin}/`)).text();
  const block = landing.slice(landing.indexOf('id="guides"'));
  const consent = block.match(/name="consent" value="([^"]+)"/)?.[1];
  if (!consent) throw new Error('the guide block on / has no consent field');
  const form = new URLSearchParams({ email, guide: 'five-minute-reset', consent });
  const sent = await fetch(`${origin}/api/guide`, { method: 'POST', body: form, redirect: 'manual' });
  if (sent.status >= 400) throw new Error(`the guide request was refused (${sent.status})`);
  // The local outbox lists what was sent; one message whole is asked for by its id (as e2e/support/emails.ts does).
  const outbox = `${origin}/cdn-cgi/local/explorer/api/local/email/sending`;
  for (let attempt = 0; attempt < 50; attempt++) {
    const { result = [] } = await (await fetch(`${outbox}?per_page=100`)).json();
    const message = result.find((e) => e.to?.includes(email));
    if (message) {
      const whole = await (await fetch(`${outbox}?email_id=${encodeURIComponent(message.messageId)}`)).json();
      const link = whole.result?.text?.match(/https?:\/\/\S+\/guides\/confirm\?\S+/)?.[0];
      if (!link) throw new Error('the confirmation email carries no /guides/confirm link');
      return new URL(link).pathname + new URL(link).search;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no confirmation email for the guide request came');
}
