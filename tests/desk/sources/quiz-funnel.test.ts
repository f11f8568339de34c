/**
 * The quiz's funnel: each step a visitor reaches is counted once (the browser's reports through /api/funnel, however
 * often they come), a quiz sent counts as finished, and the Numbers page shows the Sources page's counts for the
 * same days, on D1 and on Firestore.
 */
import { createExecutionContext, env as d1Env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../../src/index';
import type { Env } from '../../../src/env';
import { QUIZ_STEP_COUNT } from '../../../src/words/site';
import { deskFunnel } from '../../../src/desk/sources/funnel-words';
import { quizFunnel } from '../../../src/desk/sources/quiz-funnel';
import { sourceReport } from '../../../src/desk/sources/sources';
import { getLeadStore } from '../../../src/store/leads/open';
import { countVisit } from '../../../src/store/sources/visits';
import { reportStepsReached } from '../../../client/lib/quiz-funnel';
import { callWorker } from '../../support/api';
import { quizLead } from '../../fixtures/leads';
import { D1_AND_FIRESTORE } from '../../support/firestore';

const ORIGIN = 'http://127.0.0.1:8787';
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1';
const tag = () => `t${crypto.randomUUID().slice(0, 8)}`;
let next = Math.floor(Math.random() * 60_000);
const ip = () => {
  const n = next++;
  return `10.${200 + ((n >> 16) & 15)}.${(n >> 8) & 255}.${n & 255}`;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A request answered by the Worker as a visitor's browser sends it, its counting after the response done. */
async function send(visitor: Record<string, string>, path: string, init: RequestInit = {}): Promise<number> {
  const ctx = createExecutionContext();
  const headers = { 'user-agent': BROWSER, origin: ORIGIN, ...visitor, ...(init.headers as Record<string, string>) };
  const res = await worker.fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }), d1Env as Env, ctx);
  await res.text();
  await waitOnExecutionContext(ctx);
  return res.status;
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Per step (1..), how many visits from `source` reached it this week, and its quiz leads: the Sources page's. */
async function sourceFunnel(source: string) {
  const report = await sourceReport(d1Env as Env, 7, source);
  const row = report.rows.find((r) => r.source === source && r.campaign === null);
  return {
    reached: report.quiz.steps.map((s) => s.reached),
    finished: row?.quizFinished ?? 0,
    leads: row?.leads.quiz ?? 0,
  };
}

describe('a quiz step reached in the browser', () => {
  it('is counted once, however often the browser reports it or goes back; a step further moves the visit on', async () => {
    const source = tag();
    const visitor = { 'cf-connecting-ip': ip() };
    expect(await send(visitor, `/quiz?utm_source=${source}`)).toBe(200);
    for (const step of [2, 2, 3, 2, 3]) expect(await send(visitor, '/api/funnel', json({ step }))).toBe(204);
    expect(await sourceFunnel(source)).toEqual({ reached: [1, 1, 1, 0], finished: 0, leads: 0 });
    // A second visitor from the same source reaches step 2 only.
    const other = { 'cf-connecting-ip': ip() };
    await send(other, `/quiz?utm_source=${source}`);
    await send(other, '/api/funnel', json({ step: 2 }));
    expect((await sourceFunnel(source)).reached).toEqual([2, 2, 1, 0]);
  });

  it('a quiz sent counts as finished: never fewer finished than leads from the same visits', async () => {
    const source = tag();
    const visitor = { 'cf-connecting-ip': ip() };
    await send(visitor, `/quiz?utm_source=${source}`);
    // The step reports never arrived (a browser that blocks them): the quiz sent still finishes the visit.
    const quiz = {
      submissionId: crypto.randomUUID(),
      answers: { '0': 'Leadership', '1': '40-55', '2': 'I attended an event' },
      contact: { first: 'Meera', last: 'Iyer', email: `${source}@example.com` },
      attribution: { utm_source: source },
    };
    expect(await send(visitor, '/api/quiz', json(quiz))).toBe(201);
    expect(await sourceFunnel(source)).toEqual({ reached: [1, 1, 1, 1], finished: 1, leads: 1 });
  });

  it('the island reports each step after the one counted once, and none it went back to', () => {
    const reported: number[] = [];
    const report = (step: number) => reported.push(step);
    // The server counted step 1 (index 0); the inline script reached index 2 before the island arrived.
    let counted = reportStepsReached(0, 2, report);
    counted = reportStepsReached(counted, 1, report);
    counted = reportStepsReached(counted, 2, report);
    counted = reportStepsReached(counted, QUIZ_STEP_COUNT - 1, report);
    expect(reported).toEqual([2, 3, 4]);
    expect(counted).toBe(QUIZ_STEP_COUNT - 1);
  });
});

/** The Numbers page's funnel rows, as numbers: each step reached, then the quiz leads. */
async function numbersFunnel(workerEnv: Env): Promise<number[]> {
  const html = await (await callWorker(workerEnv, '/desk/numbers')).text();
  const rows = html.match(/<tr data-funnel="[^"]+">.*?<\/tr>/g) ?? [];
  return rows.map((r) => Number(/<td>(\d+)<\/td>/.exec(r)?.[1]));
}

describe.each(D1_AND_FIRESTORE)('Numbers and Sources, leads on %s', (_database, makeEnv) => {
  it('show the same funnel for the same 30 days: opened, each step, finished and the quiz leads', async () => {
    const env: Env = await makeEnv();
    const source = tag();
    const visit = (client: string, step: number) =>
      countVisit(d1Env as Env, { client, userAgent: BROWSER, from: { source, medium: '', campaign: '' }, step });
    await visit(`v4:${ip()}`, 1);
    await visit(`v4:${ip()}`, 3);
    await visit(`v4:${ip()}`, 4);
    await getLeadStore(env).save(quizLead({ attribution: { utm_source: source } }));
    // Read together, so that another file's visits cannot fall between the two.
    const [numbers, funnel, report] = await Promise.all([
      numbersFunnel(env),
      quizFunnel(env, 30),
      sourceReport(env, 30),
    ]);
    const sources = [...report.quiz.steps.map((s) => s.reached), report.total.leads.quiz];
    expect(numbers).toEqual(sources);
    expect([...funnel.steps.map((s) => s.reached), funnel.leads]).toEqual(sources);
    expect(report.total.quizOpened).toBe(sources[0]);
    expect(report.total.quizFinished).toBe(sources[QUIZ_STEP_COUNT - 1]);
    expect(sources.every((n) => n > 0)).toBe(true);
    expect(numbers).toHaveLength(QUIZ_STEP_COUNT + 1);
    const html = await (await callWorker(env, '/desk/numbers')).text();
    expect(html).toContain(deskFunnel.step(QUIZ_STEP_COUNT, QUIZ_STEP_COUNT));
    expect(html).toContain(deskFunnel.leads);
  });
});
