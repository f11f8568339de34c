/** Stores and posts for the next-date tests: D1 and Firestore, each able to store a lead as if it arrived long ago. */
import { env } from 'cloudflare:test';
import type { Env } from '../../../../src/env';
import { KINDS, type Lead } from '../../../../src/store/leads/lead';
import { getLeadStore } from '../../../../src/store/leads/open';
import { callWorker, postForm } from '../../../support/api';
import { firestoreEnv } from '../../../support/firestore';
import { OWNER_VARS } from '../../bookings/call-fixtures';

/** An env with two named owners, and how a lead is stored as if it had arrived at `at`. */
export interface NextStore {
  env: Env;
  saveAt(lead: Lead, at: string): Promise<void>;
}

/**
 * D1 as bound (a lead keeps the arrival time it carries) and Firestore against a fresh stand-in (which stamps its own
 * arrival time, so the stored document's is moved back), any kind of lead.
 */
export const NEXT_STORES: Array<[string, () => Promise<NextStore>]> = [
  [
    'D1',
    async () => {
      const workerEnv = { ...env, ...OWNER_VARS } as Env;
      return {
        env: workerEnv,
        saveAt: async (lead, at) => void (await getLeadStore(workerEnv).save({ ...lead, createdAt: at })),
      };
    },
  ],
  [
    'Firestore',
    async () => {
      const { standin, env: base } = await firestoreEnv('credentials');
      const workerEnv = { ...base, ...OWNER_VARS } as Env;
      return {
        env: workerEnv,
        async saveAt(lead, at) {
          await getLeadStore(workerEnv).save(lead);
          const rule = KINDS[lead.kind];
          const doc = standin.document(rule.collection, lead.id)!;
          doc.fields[rule.timeField] = { timestampValue: at };
          doc.fields.lastContactAt = { timestampValue: at };
        },
      };
    },
  ],
];

/** Posts the next-date form of a lead as its page would. */
export const postNext = (workerEnv: Env, kind: string, id: string, fields: Record<string, string>) =>
  postForm(workerEnv, `/desk/leads/${kind}/${id}/next`, fields);

/** A desk page's HTML. */
export const page = async (workerEnv: Env, path: string) => (await callWorker(workerEnv, path)).text();

/** The part of a page inside the section labelled by `id`, or '' when there is none. */
export function section(html: string, id: string): string {
  const start = html.indexOf(`aria-labelledby="${id}"`);
  return start === -1 ? '' : html.slice(start, html.indexOf('</section>', start));
}
