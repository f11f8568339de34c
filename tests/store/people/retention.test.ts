import { SELF, env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETENTION } from '../../../src/words/privacy';
import { KEEP_DELIVERIES_DAYS } from '../../../src/notify/ledger/prune';
import { pruneDeadLeads } from '../../../src/store/leads/dead-leads';
import { checkRetention } from '../../../src/health/checks/retention';
import { RETENTION_ERASER } from '../../../src/store/people/erasures';
import { pruneExpiredLeads, retentionCutoff } from '../../../src/store/people/retention';
import { getLeadStore } from '../../../src/store/leads/open';
import { getConversationStore } from '../../../src/store/conversations/open';
import { getClientStore } from '../../../src/store/clients/open';
import { D1LeadStore } from '../../../src/store/leads/leads-d1';
import { FirestoreLeadStore } from '../../../src/store/leads/firestore/leads-firestore';
import { COLLECTIONS, type Lead } from '../../../src/store/leads/lead';
import type { Env } from '../../../src/env';
import { enquiryLead, newsletterLead, quizLead } from '../../fixtures/leads';
import { firestoreEnv } from '../../support/firestore';
import { allowConsoleErrors } from '../../setup';
import { loggedEvents } from '../../support/logs';

const DAY = 86_400_000;

afterEach(() => {
  vi.restoreAllMocks();
});
const privacyText = async () =>
  (await (await SELF.fetch('http://example.com/privacy')).text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

async function keepDead(id: string, createdAt: number): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO dead_leads (id, kind, lead, reason, attempts, created_at) VALUES (?, 'enquiry', '{}', 'refused', 3, ?)`,
  )
    .bind(id, new Date(createdAt).toISOString())
    .run();
}
const stillKept = async (id: string) =>
  (await env.DB.prepare('SELECT id FROM dead_leads WHERE id = ?').bind(id).first()) !== null;

describe('retention: what the privacy notice says is what the cron deletes by', () => {
  it('the notice states each period the jobs use', async () => {
    const text = await privacyText();
    expect(RETENTION.leadYears).toBe(2);
    expect(text).toContain('Quiz responses and enquiries are kept for two years after our last contact');
    expect(text).toContain(`Records of the WhatsApp messages we send are kept for ${RETENTION.messageDays} days`);
    expect(text).toContain('What you write to us on WhatsApp is kept for two years from when you wrote it');
    expect(text).toContain(`kept for ${RETENTION.deadLeadDays} days while it is entered by hand`);
    expect(KEEP_DELIVERIES_DAYS).toBe(RETENTION.messageDays);
  });

  it('deletes a dead lead a day past its period and keeps one a day short of it', async () => {
    const now = Date.now();
    const old = crypto.randomUUID();
    const recent = crypto.randomUUID();
    await keepDead(old, now - (RETENTION.deadLeadDays + 1) * DAY);
    await keepDead(recent, now - (RETENTION.deadLeadDays - 1) * DAY);
    const info = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await pruneDeadLeads(env.DB, now)).toBeGreaterThanOrEqual(1);
    expect(await stillKept(old)).toBe(false);
    expect(await stillKept(recent)).toBe(true);
    expect(loggedEvents(info)).toContainEqual(
      expect.objectContaining({ event: 'dead_lead.pruned', olderThanDays: RETENTION.deadLeadDays }),
    );
    // A second run finds nothing more to delete.
    await pruneDeadLeads(env.DB, now);
    expect(await stillKept(recent)).toBe(true);
  });

  it('deletes a bounded batch per run, oldest first', async () => {
    const now = Date.now();
    const ids = [3, 2, 1].map(() => crypto.randomUUID());
    for (const [i, id] of ids.entries()) await keepDead(id, now - (RETENTION.deadLeadDays + 500 + i) * DAY);
    // ids[2] is the oldest: with a batch of one it goes first, and the others stay for the next run.
    expect(await pruneDeadLeads(env.DB, now, 1)).toBe(1);
    expect(await stillKept(ids[2]!)).toBe(false);
    expect(await stillKept(ids[1]!)).toBe(true);
    expect(await pruneDeadLeads(env.DB, now, 1)).toBe(1);
    expect(await stillKept(ids[1]!)).toBe(false);
    expect(await stillKept(ids[0]!)).toBe(true);
  });

  it('a database that fails is logged and leaves the next run to try again', async () => {
    allowConsoleErrors();
    const failing = {
      prepare: () => {
        throw new Error('D1_ERROR: Network connection lost.');
      },
    } as unknown as D1Database;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await pruneDeadLeads(failing)).toBe(0);
    expect(loggedEvents(errors)).toContainEqual(
      expect.objectContaining({ event: 'dead_lead.pruned', outcome: 'failed' }),
    );
  });
});

const stores: Array<[string, () => Promise<{ env: Env; backdate: (lead: Lead, at: number) => Promise<void> }>]> = [
  [
    'D1',
    async () => ({
      env,
      async backdate(lead, at) {
        await env.DB.prepare(`UPDATE ${COLLECTIONS[lead.kind]} SET created_at = ? WHERE id = ?`)
          .bind(new Date(at).toISOString(), lead.id)
          .run();
      },
    }),
  ],
  [
    'Firestore',
    async () => {
      const { env: fsEnv, standin } = await firestoreEnv('credentials');
      return {
        env: fsEnv,
        async backdate(lead, at) {
          const doc = standin.document(COLLECTIONS[lead.kind], lead.id)!;
          const stamp = { timestampValue: new Date(at).toISOString() };
          doc.fields.createdAt = stamp;
          doc.fields.lastContactAt = stamp;
        },
      };
    },
  ],
];

describe.each(stores)('retention of quiz responses and enquiries: %s', (_name, setup) => {
  afterEach(() => vi.unstubAllGlobals());

  it('deletes them a day past two years after the last contact; a later note or a subscription keeps them', async () => {
    const { env: e, backdate } = await setup();
    const store = getLeadStore(e);
    // Today's clock: the leads other test files keep in the shared D1 arrived about now, so they are not expired and
    // never fill the run's batch (oldest first) before these. (A clock a century ahead made every one of them
    // expired and older than these: past RETENTION_BATCH of them, these were left for the next run.)
    const now = Date.now();
    const past = now - (RETENTION.leadYears * 365 + 2) * DAY;
    const short = now - (RETENTION.leadYears * 365 - 1) * DAY;
    const [oldQuiz, oldEnquiry, recentQuiz, noted, subscriber] = [
      quizLead(),
      enquiryLead(),
      quizLead(),
      enquiryLead(),
      newsletterLead(),
    ];
    for (const lead of [oldQuiz, oldEnquiry, recentQuiz, noted, subscriber]) await store.save(lead);
    await backdate(oldQuiz, past);
    await backdate(oldEnquiry, past);
    await backdate(recentQuiz, short);
    await backdate(noted, past);
    // An owner's note a day short of the period counts as contact.
    await store.update('enquiry', noted.id, {
      note: 'Called again',
      by: 'priya@example.com',
      at: new Date(short).toISOString(),
    });
    const info = vi.spyOn(console, 'log').mockImplementation(() => {});
    const counts = await pruneExpiredLeads(e, now);
    expect(counts.quiz).toBeGreaterThanOrEqual(1);
    expect(await store.get('quiz', oldQuiz.id)).toBeNull();
    expect(await store.get('enquiry', oldEnquiry.id)).toBeNull();
    expect(await store.get('quiz', recentQuiz.id)).not.toBeNull();
    expect(await store.get('enquiry', noted.id)).not.toBeNull();
    expect(await store.get('newsletter', subscriber.id)).not.toBeNull();
    expect(loggedEvents(info)).toContainEqual(expect.objectContaining({ event: 'lead.expired', olderThanYears: 2 }));
    const log = await env.DB.prepare(`SELECT erased_by, counts FROM erasures WHERE erased_at = ?`)
      .bind(new Date(now).toISOString())
      .first<{ erased_by: string; counts: string }>();
    expect(log?.erased_by).toBe(RETENTION_ERASER);
    expect(JSON.parse(log!.counts)).toMatchObject({ newsletter: 0 });
    // The cutoff is the notice's period: two calendar years.
    expect(retentionCutoff(Date.UTC(2030, 5, 1))).toBe('2028-06-01T00:00:00.000Z');
  });

  it('takes a client’s engagements, terms acceptances and testimonials with their expired lead, and no other', async () => {
    const { env: e, backdate } = await setup();
    const now = Date.now();
    const [expired, recent] = [quizLead(), quizLead()];
    for (const lead of [expired, recent]) await getLeadStore(e).save(lead);
    await backdate(expired, now - (RETENTION.leadYears * 365 + 2) * DAY);
    const clients = getClientStore(e);
    const at = new Date(now - 800 * DAY).toISOString();
    const engagementOf = (lead: Lead) => ({
      id: `engagement-${lead.id}`,
      lead: { kind: lead.kind, id: lead.id },
      program: 'inner-compass',
      programTitle: 'Inner Compass',
      sessions: 6,
      validUntil: at.slice(0, 10),
      reference: crypto.randomUUID().replaceAll('-', '').slice(0, 24),
      uncounted: [],
      answered: [],
      createdBy: 'priya@example.com',
      createdAt: at,
    });
    for (const lead of [expired, recent]) {
      const engagement = engagementOf(lead);
      await clients.createEngagement(engagement);
      await clients.accept(engagement.id, { versionId: 1, hash: 'a'.repeat(64), at });
      const t = { id: `t-${lead.id}`, engagementId: engagement.id, lead: engagement.lead, quote: 'Kind and clear' };
      await clients.createTestimonial({
        ...t,
        name: 'A.',
        place: 'Pune',
        consentVersion: '1',
        submittedAt: at,
        status: 'pending',
      });
    }
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const counts = await pruneExpiredLeads(e, now);
    expect(counts).toMatchObject({ engagements: 1, testimonials: 1 });
    await expect(clients.getEngagement(`engagement-${expired.id}`)).resolves.toBeNull();
    await expect(clients.getTestimonial(`t-${expired.id}`)).resolves.toBeNull();
    // The acceptance went too: the same engagement stored again has none.
    await clients.createEngagement(engagementOf(expired));
    await expect(clients.getEngagement(`engagement-${expired.id}`)).resolves.not.toHaveProperty('accepted');
    await expect(clients.getEngagement(`engagement-${recent.id}`)).resolves.toHaveProperty('accepted.at', at);
    await expect(clients.getTestimonial(`t-${recent.id}`)).resolves.not.toBeNull();
  });

  it('deletes what a visitor wrote on WhatsApp two years after they wrote it', async () => {
    const { env: e } = await setup();
    const conversations = getConversationStore(e);
    // Today's clock, as above: a clock a century ahead made every row other files keep in the shared D1 expired, and
    // the run deleted all of them first (over 20 s on a loaded host: the test timed out on a fresh clone).
    const now = Date.now();
    const message = (days: number) => ({
      id: `wamid.${crypto.randomUUID()}`,
      phone: '+919812300009',
      at: new Date(now - days * DAY).toISOString(),
      type: 'text',
      text: 'Is the March retreat full?',
      leads: [],
    });
    const [old, recent] = [message(RETENTION.leadYears * 365 + 2), message(RETENTION.leadYears * 365 - 1)];
    for (const m of [old, recent]) await conversations.receive(m);
    vi.spyOn(console, 'log').mockImplementation(() => {});
    expect((await pruneExpiredLeads(e, now)).conversation).toBeGreaterThanOrEqual(1);
    expect(await conversations.message(old.id)).toBeNull();
    expect(await conversations.message(recent.id)).not.toBeNull();
    // The number's messages leave the shared storage with the test.
    await conversations.erase(recent.phone);
  });

  it('a store that fails is logged and the next run tries again', async () => {
    allowConsoleErrors();
    const { env: e } = await setup();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(D1LeadStore.prototype, 'expired').mockRejectedValue(new Error('D1 could not find expired leads'));
    vi.spyOn(FirestoreLeadStore.prototype, 'expired').mockRejectedValue(new Error('Firestore could not find expired'));
    expect(await pruneExpiredLeads(e)).toMatchObject({ quiz: 0, enquiry: 0 });
    expect(loggedEvents(errors)).toContainEqual(expect.objectContaining({ event: 'lead.expired', outcome: 'failed' }));
  });
});

describe('the self-check sees anything kept longer than the notice says', () => {
  it('fails naming dead leads and message records a day past their period, and quiz responses past theirs', async () => {
    const now = Date.now();
    await keepDead(crypto.randomUUID(), now);
    // Seen from 92 days on, the dead lead kept today is a day past its period (and its grace day).
    const later = now + (RETENTION.deadLeadDays + 2) * DAY;
    const check = await checkRetention(env, later);
    expect(check).toMatchObject({ name: 'retention', ok: false });
    expect(check.detail).toContain('dead leads');
    expect(check.detail).toContain('lead.expired, dead_lead.pruned, delivery.pruned');
  });
});
