/**
 * The quiz result by email: one email per stored quiz response, to the address it gave, through the queue and the
 * delivery ledger like every message (retries, never twice, skipped with a reason), inside the visitor's budgets;
 * off without RESULT_EMAIL_FROM; shown on the desk's lead page and sent again from there through the email sender.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../../src/index';
import type { Env } from '../../../src/env';
import { emailMessage } from '../../../src/notify/email/email';
import { QUIZ_RESULT_EMAIL, createResultEmailSender } from '../../../src/notify/email/result-email';
import { getLeadStore } from '../../../src/store/leads/open';
import { defaultContent } from '../../../src/shared/default-content';
import { CONTENT_KEY, forgetPublished, putPublished } from '../../../src/store/site-content/published-content';
import { quizLead, job, type QuizLead } from '../../fixtures/leads';
import { deliver, ledgerRows, visitorMessagesToday } from '../../support/queue';
import { allowConsoleErrors } from '../../setup';
import { EmailStandin } from '../../standins/email';
import { uniqueMobile } from '../../support/shared';
import { GRAPH_VARS, GraphStandin } from '../../standins/whatsapp/graph-api';

const FROM = 'priya@coach.test';
const SITE = 'http://127.0.0.1:8787';

/**
 * A Worker env that sends the result from FROM through the email stand-in (and WhatsApp through the Graph one), with
 * owners of its own, so the owners' hourly counts never carry over to another test.
 */
function resultEnv(extra: Partial<Env> = {}) {
  const email = new EmailStandin([FROM]);
  const workerEnv = {
    ...env,
    ...GRAPH_VARS,
    OWNER_PHONES: `${uniqueMobile('+9196')},${uniqueMobile('+9195')}`,
    RESULT_EMAIL_FROM: FROM,
    EMAIL: email.binding,
    ...extra,
  } as Env;
  return { email, workerEnv };
}

/** A quiz response with an address no other test uses. */
const lead = (over: Partial<QuizLead> = {}) =>
  quizLead({
    contact: { first: 'Ravi', last: 'Kumar', email: `ravi-${crypto.randomUUID()}@example.com`, phone: '' },
    ...over,
  });

interface Row {
  template: string;
  recipient: string;
  audience: string;
  status: string;
  skip_reason: string | null;
  channel: string | null;
  attempts: number;
  last_error_code: string | null;
}
const resultRows = async (id: string) =>
  (
    await ledgerRows<Row>(id, 'template, recipient, audience, status, skip_reason, channel, attempts, last_error_code')
  ).filter((r) => r.template === QUIZ_RESULT_EMAIL);

afterEach(() => vi.unstubAllGlobals());

describe('the result email’s content', () => {
  it('one program: its title, line and link, the answers, the enquiry form as the next step, who and why, the privacy notice', async () => {
    new GraphStandin().install();
    const { email, workerEnv } = resultEnv();
    const quiz = lead();
    await deliver(job(quiz), { env: workerEnv });

    const [sent, ...more] = email.to(quiz.contact.email);
    expect(more).toEqual([]);
    expect(sent!.from).toEqual({ email: FROM, name: 'Priya Raman' });
    expect(sent!.subject).toBe('Ravi, the programs that fit your answers');
    expect(sent!.text).toBe(
      [
        'Hello Ravi,',
        '',
        'Thank you for taking the quiz on my website. Based on what you told me, this is where I would begin:',
        '',
        'Talks & Keynotes',
        'You shape how other people work and feel, so a talk for your team can start the conversation for everyone at once.',
        `Read about it on my website: ${SITE}/?recommended=talks-keynotes#program-talks-keynotes`,
        '',
        'If you would like to talk it through, send me a few lines and I will reply personally:',
        `Start a conversation: ${SITE}/#contact`,
        '',
        'Your answers',
        'Which areas of life do you want to focus on? Leadership',
        'What is your age range? 26-39',
        'Where are you on your journey? I know a little',
        '',
        'Warmly,',
        'Priya',
        '',
        '—',
        'You are receiving this one email because you took the quiz on 127.0.0.1:8787 and asked to see the programs that fit your answers. It is not a newsletter: nothing else is sent to you unless you ask for it.',
        `How your details are used: ${SITE}/privacy`,
      ].join('\n'),
    );
    const html = sent!.html!;
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('max-width:560px');
    expect(html).toContain('Talks &amp; Keynotes');
    expect(html).toContain(`href="${SITE}/?recommended=talks-keynotes#program-talks-keynotes"`);
    expect(html).toContain(`href="${SITE}/#contact"`);
    expect(html).toContain(`href="${SITE}/privacy"`);
    expect(html).toContain('<strong>I know a little</strong>');
    expect(html).not.toContain('Book a call');

    expect(await resultRows(quiz.id)).toEqual([
      expect.objectContaining({
        recipient: quiz.contact.email,
        audience: 'visitor',
        status: 'sent',
        channel: 'email',
        attempts: 1,
      }),
    ]);
  });

  it("with BOOKING_PROVIDER, Book a call carries the response's booking reference and nothing personal", async () => {
    new GraphStandin().install();
    const booking = 'https://calendly.standin.test/priya/intro';
    const { email, workerEnv } = resultEnv({ BOOKING_URL: booking, BOOKING_PROVIDER: 'calendly' });
    const quiz = lead({ recommended: ['1:1 Consultations'], bookingRef: 'f0e1d2c3b4a5968778695a4b' });
    await deliver(job(quiz), { env: workerEnv });

    const [sent] = email.to(quiz.contact.email);
    const href = `${booking}?program=consultations&utm_content=f0e1d2c3b4a5968778695a4b&utm_term=consultations`;
    expect(sent!.text).toContain(`Book a call: ${href}\n`);
    expect(sent!.html).toContain(`href="${href.replaceAll('&', '&amp;')}"`);
  });

  it('two programs, most fitting first, and "Book a call" about the first when BOOKING_URL is set; nothing personal in any link', async () => {
    new GraphStandin().install();
    const { email, workerEnv } = resultEnv({ BOOKING_URL: 'https://cal.standin.test/priya/intro?month=next' });
    const quiz = lead({
      answers: { '0': 'Relationships', '2': 'Just starting out' },
      recommended: ['1:1 Consultations', 'Retreats & Workshops'],
    });
    await deliver(job(quiz), { env: workerEnv });

    const [sent] = email.to(quiz.contact.email);
    const text = sent!.text!;
    const both = `${SITE}/?recommended=consultations,retreats-workshops`;
    expect(text).toContain(
      [
        '1:1 Consultations',
        'Your answers point to questions that are yours alone, so I would begin with one unhurried conversation, just the two of us.',
        `Read about it on my website: ${both}#program-consultations`,
        '',
        'Retreats & Workshops',
        'You would grow fastest alongside others: a retreat or workshop gives you the time, the room and the company to practise.',
        `Read about it on my website: ${both}#program-retreats-workshops`,
      ].join('\n'),
    );
    expect(text).toContain(
      'choose a time that suits you:\nBook a call: https://cal.standin.test/priya/intro?month=next&program=consultations',
    );
    // A skipped step says so.
    expect(text).toContain('What is your age range? Skipped');
    expect(sent!.html).toContain('href="https://cal.standin.test/priya/intro?month=next&amp;program=consultations"');
    expect(sent!.html).toContain('>Book a call</a>');
    expect(sent!.html).toContain('Retreats &amp; Workshops');
    // No link carries the visitor's name or address.
    const links = [...(sent!.html!.matchAll(/href="([^"]+)"/g) ?? [])].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(3);
    for (const link of links) {
      expect(link).not.toMatch(/ravi|kumar|example\.com|%40/i);
    }
  });
});

describe('the result email with the programs as published', () => {
  afterEach(async () => {
    await env.FEEDS.delete(CONTENT_KEY);
    forgetPublished(env.FEEDS);
  });

  it('names a program the owners added with its reason; one no longer published by its default; drops an unknown one', async () => {
    new GraphStandin().install();
    const content = defaultContent();
    content.programs = content.programs.filter((p) => p.slug !== 'retreats-workshops');
    content.programs.push({ ...content.programs[0]!, slug: 'team-coaching', title: 'Team Coaching', reason: 'Yours.' });
    await putPublished(env.FEEDS, { versionId: 42, content });
    const { email, workerEnv } = resultEnv();
    const quiz = lead({ recommended: ['Team Coaching', 'Retreats & Workshops', 'A Retired Program'] });
    await deliver(job(quiz), { env: workerEnv });

    const text = email.to(quiz.contact.email)[0]!.text!;
    const both = `${SITE}/?recommended=team-coaching,retreats-workshops`;
    expect(text).toContain(
      ['Team Coaching', 'Yours.', `Read about it on my website: ${both}#program-team-coaching`].join('\n'),
    );
    expect(text).toContain(
      [
        'Retreats & Workshops',
        'You would grow fastest alongside others: a retreat or workshop gives you the time, the room and the company to practise.',
      ].join('\n'),
    );
    expect(text).not.toContain('A Retired Program');
  });
});

describe('the same rules as a message to a number a visitor typed', () => {
  it('is skipped (unverified) for a submission Turnstile did not verify; the owners are still told', async () => {
    const graph = new GraphStandin().install();
    const { email, workerEnv } = resultEnv();
    const quiz = lead({ verified: false, unchecked: true });
    await deliver(job(quiz), { env: workerEnv });
    expect(email.calls).toBe(0);
    expect(await resultRows(quiz.id)).toEqual([
      expect.objectContaining({ status: 'skipped', skip_reason: 'unverified', audience: 'visitor' }),
    ]);
    expect(graph.delivered.filter((b) => b.template.name === 'quiz_owner')).toHaveLength(2);
  });

  it('one address gets at most VISITOR_MESSAGES_PER_DAY results in 24 hours; the rest are skipped (cap)', async () => {
    new GraphStandin().install();
    const { email, workerEnv } = resultEnv({ VISITOR_MESSAGES_PER_DAY: '2' });
    const address = `same-${crypto.randomUUID()}@example.com`;
    const quizzes = Array.from({ length: 3 }, () =>
      lead({ contact: { first: 'Ravi', last: 'Kumar', email: address, phone: '' } }),
    );
    for (const quiz of quizzes) await deliver(job(quiz), { env: workerEnv });
    expect(email.to(address)).toHaveLength(2);
    const rows = (await Promise.all(quizzes.map((q) => resultRows(q.id)))).flat();
    expect(rows.map((r) => [r.status, r.skip_reason])).toEqual([
      ['sent', null],
      ['sent', null],
      ['skipped', 'cap'],
    ]);
  });

  it('counts in the daily visitor budget with the WhatsApp messages; past it the email is skipped (budget)', async () => {
    new GraphStandin().install();
    const { email, workerEnv } = resultEnv({
      VISITOR_MESSAGES_DAILY_BUDGET: String((await visitorMessagesToday()) + 1),
    });
    const [first, second] = [lead(), lead()];
    await deliver(job(first!), { env: workerEnv });
    await deliver(job(second!), { env: workerEnv });
    expect(email.to(first!.contact.email)).toHaveLength(1);
    expect(email.to(second!.contact.email)).toHaveLength(0);
    expect((await resultRows(second!.id)).map((r) => [r.status, r.skip_reason])).toEqual([['skipped', 'budget']]);
  });
});

describe('through the queue and the ledger', () => {
  it('a failure the service may recover from is retried with the backoff, then sent once', async () => {
    allowConsoleErrors();
    new GraphStandin().install();
    const { email, workerEnv } = resultEnv();
    email.failures.push('Internal error: the service is temporarily unavailable, try again');
    const quiz = lead();
    const first = await deliver(job(quiz), { env: workerEnv });
    expect(first.retryMessages).toHaveLength(1);
    expect(first.delays[0]).toBeGreaterThan(0);
    expect(await resultRows(quiz.id)).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 1, last_error_code: 'email_unavailable' }),
    ]);
    const second = await deliver(job(quiz), { env: workerEnv, attempts: 2, id: first.id });
    expect(second.explicitAcks).toHaveLength(1);
    expect(email.to(quiz.contact.email)).toHaveLength(1);
    expect(await resultRows(quiz.id)).toEqual([expect.objectContaining({ status: 'sent', attempts: 2 })]);
  });

  it('is never sent twice: a job delivered again, or the same submission with another address, sends nothing more', async () => {
    new GraphStandin().install();
    const { email, workerEnv } = resultEnv();
    const quiz = lead();
    await deliver(job(quiz), { env: workerEnv });
    await deliver(job(quiz), { env: workerEnv });
    await Promise.all([deliver(job(quiz), { env: workerEnv }), deliver(job(quiz), { env: workerEnv })]);
    const other = { ...quiz, contact: { ...quiz.contact, email: `other-${crypto.randomUUID()}@example.com` } };
    await deliver(job(other), { env: workerEnv });
    expect(
      email.sent.filter((e) => e.to.includes(quiz.contact.email) || e.to.includes(other.contact.email)),
    ).toHaveLength(1);
    expect((await resultRows(quiz.id)).map((r) => r.recipient)).toEqual([quiz.contact.email]);
  });

  it('a job that runs out of retries records its unsent result email as dead', async () => {
    allowConsoleErrors();
    new GraphStandin().install();
    const { workerEnv } = resultEnv();
    const quiz = lead();
    await deliver(job(quiz), { env: workerEnv, queue: 'site-jobs-dlq' });
    expect(await resultRows(quiz.id)).toEqual([
      expect.objectContaining({ status: 'dead', last_error_code: 'exhausted' }),
    ]);
  });
});

describe('off, and where it is sent from', () => {
  it('without RESULT_EMAIL_FROM no result email is due: the quiz is accepted and the owners told, nothing else', async () => {
    const graph = new GraphStandin().install();
    const { email, workerEnv } = resultEnv({ RESULT_EMAIL_FROM: '' });
    vi.spyOn(workerEnv.JOBS, 'send').mockResolvedValue(undefined as never);
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request('https://site.test/api/quiz', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.18.7.7' },
        body: JSON.stringify({
          answers: { '0': 'Health' },
          contact: { first: 'Ravi', last: 'Kumar', email: `off-${crypto.randomUUID()}@example.com` },
        }),
      }),
      workerEnv,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const stored = await getLeadStore(workerEnv).get('quiz', id);
    await deliver(job(stored!), { env: workerEnv });
    expect(email.calls).toBe(0);
    expect(await resultRows(id)).toEqual([]);
    expect(graph.delivered.filter((b) => b.template.name === 'quiz_owner')).toHaveLength(2);
  });

  it('development without the binding writes it to the log; a deployment without it fails as not_configured', async () => {
    const { workerEnv } = resultEnv();
    const noBinding = { ...workerEnv, EMAIL: undefined } as unknown as Env;
    expect(createResultEmailSender(workerEnv).channel).toBe('email');
    expect(createResultEmailSender(noBinding).channel).toBe('log');
    const production = { ...noBinding, ENVIRONMENT: 'production' } as Env;
    const message = emailMessage(QUIZ_RESULT_EMAIL, 'ravi@example.com', 'S', 'T', { audience: 'visitor' });
    await expect(createResultEmailSender(production).send(message)).resolves.toMatchObject({
      kind: 'permanent',
      code: 'not_configured',
    });
  });
});

describe('on the desk', () => {
  const ORIGIN = 'http://127.0.0.1:8787';
  const call = async (workerEnv: Env, path: string, init?: RequestInit) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request(`${ORIGIN}${path}`, init), workerEnv, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };

  it('shows the result email with its state and error, and resends it through the queue and the email sender', async () => {
    allowConsoleErrors();
    const graph = new GraphStandin().install();
    const { email, workerEnv } = resultEnv();
    email.failures.push('email to the destination address not allowed');
    const quiz = lead();
    await getLeadStore(workerEnv).save(quiz);
    await deliver(job(quiz), { env: workerEnv });
    expect(await resultRows(quiz.id)).toEqual([
      expect.objectContaining({ status: 'failed', last_error_code: 'email_refused' }),
    ]);

    const page = await (await call(workerEnv, `/desk/leads/quiz/${quiz.id}`)).text();
    const item =
      /<li[^>]*>(?:(?!<\/li>).)*Their quiz result by email \(visitor\)(?:(?!<\/li>).)*<\/li>/s.exec(page)?.[0] ?? '';
    expect(item).toContain('Failed');
    expect(item).toMatch(/To(<!-- -->)? (<!-- -->)?the visitor by email/);
    expect(item).toContain('Email not sent (email_refused): email to the destination address not allowed');
    expect(item).not.toContain('WhatsApp');
    // The page names the visitor's address by a token: the address itself is never sent back.
    expect(item).toContain('name="recipient" value="visitor:email"');

    // The replay job is run here, with this env, rather than by the runtime's own consumer.
    const queued = vi.spyOn(workerEnv.JOBS, 'send').mockResolvedValue(undefined as never);
    const res = await call(workerEnv, `/desk/leads/quiz/${quiz.id}/resend`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: new URLSearchParams({ template: QUIZ_RESULT_EMAIL, recipient: 'visitor:email' }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(queued).toHaveBeenCalledWith({ type: 'replay-deliveries' }, { contentType: 'json' });
    const sentBefore = graph.delivered.length;
    await deliver({ type: 'replay-deliveries' }, { env: workerEnv });

    expect(email.to(quiz.contact.email)).toHaveLength(1);
    expect(email.to(quiz.contact.email)[0]!.subject).toBe('Ravi, the programs that fit your answers');
    // Not through WhatsApp: the Graph stand-in was sent nothing for this visitor.
    expect(graph.delivered.slice(sentBefore).some((b) => JSON.stringify(b).includes(quiz.contact.email))).toBe(false);
    expect(await resultRows(quiz.id)).toEqual([
      expect.objectContaining({ status: 'sent', channel: 'email', attempts: 2 }),
    ]);
    const after = await (await call(workerEnv, `/desk/leads/quiz/${quiz.id}`)).text();
    expect(after).not.toContain('>Resend</button>');
  });
});
