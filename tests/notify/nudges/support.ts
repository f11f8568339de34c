/**
 * The nudges' test bench: a Worker env on D1 or Firestore with WhatsApp at the Graph stand-in (two owners of this
 * bench's own, so no other test's alerts count in their hourly budget), the queue captured, leads stored as if they
 * had arrived at a time the test chooses, and the cron step run at a time the test chooses.
 */
import { expect } from 'vitest';
import type { Env } from '../../../src/env';
import { sendLeadNudges } from '../../../src/notify/nudges/lead-nudges';
import { COLLECTIONS, type Lead } from '../../../src/store/leads/lead';
import { getLeadStore } from '../../../src/store/leads/open';
import { GraphStandin, graphEnv } from '../../standins/whatsapp/graph-api';
import { leadStoreVars, routeFetch, type Store } from '../../support/graph-and-store';
import { captureQueue } from '../../support/queue';
import { uniqueMobile } from '../../support/shared';

export const HOUR = 3_600_000;
export const PRIYA = 'priya@example.com';
export const ARJUN = 'arjun@example.com';

let benches = 0;

/**
 * A time of this bench's own, on the hour: years ahead and 30 days from any other bench's, so the leads and dates
 * other tests left in the shared D1 store are never inside this one's windows.
 */
function ownTime(): number {
  return Date.UTC(2045, 0, 1) + ++benches * 30 * 24 * HOUR + Math.floor(Math.random() * 1000) * 400 * 24 * HOUR;
}

type Delivered = {
  to: string;
  template?: { name: string; components: { type: string; parameters: { text: string }[] }[] };
};

export async function bench(store: Store, extra: Partial<Env> = {}) {
  const { vars, firestore } = await leadStoreVars(store);
  const graph = new GraphStandin();
  routeFetch((request) => graph.fetch(request), firestore);
  const owners = [uniqueMobile(), uniqueMobile()];
  // OWNER_EMAILS is a secret, so not in the generated Env type.
  const emails = { OWNER_EMAILS: `${PRIYA},${ARJUN}` } as Partial<Env>;
  const workerEnv = graphEnv({ ...vars, OWNER_PHONES: owners.join(','), ...emails, ...extra });
  const queued = captureQueue(workerEnv);
  const t0 = ownTime();

  /** Stores a lead as if it had arrived at `at` (Firestore stamps its own arrival time: it is set back after). */
  async function saveAt<L extends Lead>(lead: L, at: number): Promise<L> {
    const createdAt = new Date(at).toISOString();
    const dated = { ...lead, createdAt, consent: { version: 'v', at: createdAt } };
    expect((await getLeadStore(workerEnv).save(dated)).created).toBe(true);
    if (firestore) {
      const doc = firestore.document(COLLECTIONS[lead.kind], lead.id)!;
      doc.fields.createdAt = { timestampValue: createdAt };
      doc.fields.lastContactAt = { timestampValue: createdAt };
    }
    return dated;
  }

  const run = (at: number) => sendLeadNudges(workerEnv, new Date(at));

  /** The nudges the owners got, in order: [which owner (0 or 1), the three body parameters]. */
  function nudges(): [number, string[]][] {
    return (graph.delivered as Delivered[])
      .filter((b) => b.template?.name === 'lead_due')
      .map((b) => [
        owners.findIndex((o) => o === b.to || o.slice(1) === b.to),
        b.template!.components.find((c) => c.type === 'body')!.parameters.map((p) => p.text),
      ]);
  }

  return { workerEnv, graph, queued, owners, t0, saveAt, run, nudges, store: getLeadStore(workerEnv) };
}

/** A lead's desk link as the nudge carries it. */
export const deskLink = (workerEnv: Env, lead: { kind: string; id: string }) =>
  `${workerEnv.SITE_URL}/desk/leads/${lead.kind}/${lead.id}`;
