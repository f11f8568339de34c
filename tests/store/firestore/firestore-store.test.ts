/**
 * What only the Firestore adapter can get wrong, through the real library and
 * the REST stand-in: server timestamps, the document id, one token per set of
 * credentials, rotation, and failures that must surface as clear errors
 * (never a request sent as "Bearer undefined", never the private key in a log).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FirestoreLeadStore } from '../../../src/store/leads/firestore/leads-firestore';
import { getLeadStore } from '../../../src/store/leads/open';
import { ConfigError } from '../../../src/env';
import { D1LeadStore } from '../../../src/store/leads/leads-d1';
import { env } from 'cloudflare:test';
import { TOKEN_URL, type RecordedRequest } from '../../standins/google/firestore';
import { CLIENT_EMAIL, firestoreEnv } from '../../support/firestore';
import { enquiryLead, newsletterLead, quizLead } from '../../fixtures/leads';
import { allowConsoleErrors } from '../../setup';

afterEach(() => {
  vi.unstubAllGlobals();
});

const firestoreCalls = (requests: RecordedRequest[]) => requests.filter((r) => r.url !== TOKEN_URL);

/** A store with a short deadline, so the timeout cases run fast. */
async function credentialsStore(timeoutMs = 300) {
  const setup = await firestoreEnv('credentials');
  const settings = { projectId: setup.projectId, clientEmail: CLIENT_EMAIL, privateKey: setup.keys[0].privateKeyPem };
  return { ...setup, settings, store: new FirestoreLeadStore(settings, timeoutMs) };
}

describe('Firestore writes', () => {
  it('commits with the submission id as document id and server timestamps as REQUEST_TIME transforms', async () => {
    const { standin, store, projectId } = await credentialsStore();
    const quiz = quizLead();
    const newsletter = newsletterLead();
    const enquiry = enquiryLead();
    for (const lead of [quiz, newsletter, enquiry]) await store.save(lead);

    const commits = standin.requests.filter((r) => r.url.endsWith('/documents:commit'));
    const writes = commits.map((c) => (c.body as { writes: Array<Record<string, any>> }).writes[0]!);
    const doc = (collection: string, id: string) =>
      `projects/${projectId}/databases/(default)/documents/${collection}/${id}`;
    expect(writes.map((w) => w.update.name)).toEqual([
      doc('quiz_responses', quiz.id),
      doc('news_letter', newsletter.id),
      doc('enquiries', enquiry.id),
    ]);
    // The last contact starts at the arrival (the retention query's field).
    const stamps = (time: string) =>
      [time, 'lastContactAt'].map((fieldPath) => ({ fieldPath, setToServerValue: 'REQUEST_TIME' }));
    expect(writes.map((w) => w.updateTransforms)).toEqual([
      stamps('createdAt'),
      stamps('subscribedAt'),
      stamps('createdAt'),
    ]);
    // The stored time is Firestore's; the only Worker time sent is consent.at, when the visitor sent the form.
    expect(writes.map((w) => Object.keys(w.update.fields).sort())).toEqual([
      ['answers', 'bodyHash', 'consent', 'contact', 'recommended', 'searchTokens', 'source', 'status'],
      ['bodyHash', 'consent', 'email', 'searchTokens'],
      ['bodyHash', 'consent', 'description', 'email', 'name', 'phone', 'searchTokens'],
    ]);
    expect(writes[0]!.update.fields.consent).toEqual({
      mapValue: {
        fields: {
          version: { stringValue: quiz.consent.version },
          at: { timestampValue: new Date(quiz.consent.at).toISOString() },
        },
      },
    });
    expect(standin.document('quiz_responses', quiz.id)?.fields.createdAt).toEqual({
      timestampValue: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('does not write again when the submission is already stored', async () => {
    const { standin, store } = await credentialsStore();
    const lead = enquiryLead();
    await store.save(lead);
    const before = standin.document('enquiries', lead.id);
    await expect(store.save(lead)).resolves.toEqual({ created: false });
    // Both writes were one commit that may only create: the second was refused with ALREADY_EXISTS.
    const commits = standin.requests.filter((r) => r.url.endsWith(':commit'));
    expect(
      commits.map((c) => (c.body as { writes: { currentDocument: unknown }[] }).writes[0]!.currentDocument),
    ).toEqual([{ exists: false }, { exists: false }]);
    expect(standin.document('enquiries', lead.id)).toStrictEqual(before);
  });

  it('sends no Authorization header and exchanges no token in emulator mode', async () => {
    const { standin, env } = await firestoreEnv('emulator');
    await getLeadStore(env).save(newsletterLead());
    expect(standin.exchanges).toHaveLength(0);
    expect(standin.requests.length).toBeGreaterThan(0);
    expect(
      standin.requests.every((r) => r.url.startsWith('http://127.0.0.1:8089/v1/') && r.authorization === null),
    ).toBe(true);
  });
});

describe('Firestore credentials', () => {
  it('exchanges one token for many saves, even across stores made per request', async () => {
    const { standin, env } = await firestoreEnv('credentials');
    await getLeadStore(env).save(quizLead());
    await getLeadStore(env).save(newsletterLead());
    expect(standin.exchanges).toEqual([{ clientEmail: CLIENT_EMAIL, keyId: 'key-1' }]);
    const bearers = new Set(firestoreCalls(standin.requests).map((r) => r.authorization));
    expect([...bearers]).toEqual([expect.stringMatching(/^Bearer ya29\.standin-/)]);
  });

  it('uses a rotated private key on the next save', async () => {
    const { standin, env, keys } = await firestoreEnv('credentials');
    await getLeadStore(env).save(quizLead());
    await getLeadStore({ ...env, FIRESTORE_PRIVATE_KEY: keys[1].privateKeyPem }).save(quizLead());
    expect(standin.exchanges.map((e) => e.keyId)).toEqual(['key-1', 'key-2']);
  });

  it('reads a private key pasted with escaped newlines', async () => {
    const { standin, env, keys } = await firestoreEnv('credentials');
    const escaped = keys[0].privateKeyPem.replace(/\n/g, '\\n');
    await expect(getLeadStore({ ...env, FIRESTORE_PRIVATE_KEY: escaped }).save(quizLead())).resolves.toEqual({
      created: true,
    });
    expect(standin.exchanges).toHaveLength(1);
  });

  it('stops with a clear error when Google refuses the token, and sends nothing to Firestore', async () => {
    allowConsoleErrors();
    const { standin, store } = await credentialsStore();
    standin.failToken = 'refuse';
    const lead = quizLead();
    await expect(store.save(lead)).rejects.toThrow(
      `Firestore could not store quiz_responses/${lead.id}: the Google token exchange failed: no access token was returned`,
    );
    expect(firestoreCalls(standin.requests)).toEqual([]);
    expect(standin.requests.some((r) => r.authorization === 'Bearer undefined')).toBe(false);

    // The refusal is not cached: once Google answers again, the next save goes through.
    standin.failToken = null;
    await expect(store.save(lead)).resolves.toEqual({ created: true });
  });

  it('stops with a clear error when the token endpoint fails or does not answer', async () => {
    allowConsoleErrors();
    const { standin, store } = await credentialsStore(200);
    standin.failToken = 500;
    await expect(store.save(quizLead())).rejects.toThrow(/token exchange failed/);
    standin.failToken = 'timeout';
    await expect(store.save(quizLead())).rejects.toThrow(/no answer within 200 ms/);
    await standin.release();
    expect(firestoreCalls(standin.requests)).toEqual([]);
  });

  it('starts afresh after Firestore refuses the token (401)', async () => {
    allowConsoleErrors();
    const { standin, store } = await credentialsStore();
    await store.save(quizLead());
    standin.failFirestore = 401;
    await expect(store.save(quizLead())).rejects.toThrow(/Firestore could not store quiz_responses\/.+401/);
    standin.failFirestore = null;
    await store.save(quizLead());
    expect(standin.exchanges).toHaveLength(2);
  });
});

describe('Firestore failures', () => {
  it.each([500, 503] as const)('rejects with a clear error on HTTP %i', async (status) => {
    allowConsoleErrors();
    const { standin, store } = await credentialsStore();
    standin.failFirestore = status;
    const lead = newsletterLead();
    await expect(store.save(lead)).rejects.toThrow(
      new RegExp(`^Firestore could not store news_letter/${lead.id}: Firestore API error: ${status}`),
    );
  });

  it('rejects when Firestore does not answer within the deadline', async () => {
    allowConsoleErrors(); // the library logs the late answer once the stand-in lets it go
    const { standin, store } = await credentialsStore(150);
    standin.failFirestore = 'timeout';
    // The stand-in never answers on its own: only the store's deadline can end the wait.
    await expect(store.save(newsletterLead())).rejects.toThrow(/no answer within 150 ms/);
    await standin.release();
  });

  it('never logs or throws the private key', async () => {
    allowConsoleErrors();
    const logged: unknown[] = [];
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, level).mockImplementation((...args) => void logged.push(...args));
    }
    const { standin, store, settings } = await credentialsStore();
    const broken = new FirestoreLeadStore({
      ...settings,
      privateKey: '-----BEGIN PRIVATE KEY-----\nSENTINELnotakey\n-----END PRIVATE KEY-----',
    });
    const thrown: unknown[] = [];
    const attempt = (s: FirestoreLeadStore) => s.save(quizLead()).catch((e: unknown) => void thrown.push(e));
    standin.failToken = 'refuse';
    await attempt(store);
    standin.failToken = null;
    standin.failFirestore = 503;
    await attempt(store);
    await attempt(broken);

    expect(thrown).toHaveLength(3);
    const text = [...logged, ...thrown].map((v) => describeDeep(v)).join('\n');
    expect(text).toContain('token exchange failed');
    expect(text).not.toContain('SENTINEL');
    const body = settings.privateKey.split('\n').filter((line) => line.length === 64);
    expect(body.length).toBeGreaterThan(10);
    for (const line of body) expect(text).not.toContain(line);
  });
});

describe('Firestore configuration', () => {
  it('refuses half a configuration with one error naming what is missing (no quiet fallback to D1)', () => {
    const half = { ...env, FIRESTORE_PROJECT_ID: 'p', FIRESTORE_CLIENT_EMAIL: ' ' };
    expect(() => getLeadStore(half)).toThrow(
      new ConfigError('firestore', [
        {
          setting: 'FIRESTORE_CLIENT_EMAIL',
          message:
            'Firestore is partly configured: FIRESTORE_CLIENT_EMAIL, FIRESTORE_PRIVATE_KEY are missing (FIRESTORE_PROJECT_ID is set).',
        },
      ]),
    );
    expect(getLeadStore(env)).toBeInstanceOf(D1LeadStore);
  });

  it.each(['localhost:99999', 'http://localhost:8080', 'host:port'])('refuses FIRESTORE_EMULATOR_HOST=%s', (host) => {
    expect(() => getLeadStore({ ...env, FIRESTORE_PROJECT_ID: 'p', FIRESTORE_EMULATOR_HOST: host })).toThrow(
      /FIRESTORE_EMULATOR_HOST must be host:port/,
    );
  });

  it('refuses FIRESTORE_EMULATOR_HOST outside development, even with a valid host', () => {
    const deployed = {
      ...env,
      ENVIRONMENT: 'production',
      FIRESTORE_PROJECT_ID: 'p',
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
    };
    expect(() => getLeadStore(deployed)).toThrow(/FIRESTORE_EMULATOR_HOST is for local runs only/);
  });
});

/** Everything an error or a logged value carries: message, stack, cause chain and own properties. */
function describeDeep(value: unknown, depth = 0): string {
  if (depth > 4) return '';
  if (value instanceof Error) {
    const own = Object.entries(value).map(([k, v]) => `${k}=${describeDeep(v, depth + 1)}`);
    return [value.message, value.stack, ...own, describeDeep(value.cause, depth + 1)].join('\n');
  }
  try {
    return typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    return String(value);
  }
}
