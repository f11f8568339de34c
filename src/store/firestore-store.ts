import { errorMessage } from '../log';
import { convertToFirestoreDocument, createFirestoreClient, type FirestoreClient } from 'firebase-rest-firestore';
import type { Consent, Lead } from './lead';
import { LeadStoreError, type LeadStore } from './port';
import { mergePages, searchTokens, type LeadChange, type LeadPage, type LeadQuery, type LeadRecord } from './listing';
import { getDocument, patchDesk, patchSearch, queryKind, type FirestoreRest } from './firestore-reads';
import { COLLECTIONS, type LeadKind } from './lead';

/** Service-account credentials, or a local Firestore-compatible endpoint that needs none. */
export type FirestoreSettings =
  | { projectId: string; clientEmail: string; privateKey: string; emulator?: undefined }
  | { projectId: string; emulator: { host: string; port: number } };

/** A form submission should not wait longer than this on the database. */
const DEFAULT_TIMEOUT_MS = 8_000;

/**
 * The production store: Firestore over REST through firebase-rest-firestore.
 * The submission id is the document id; timestamps are Firestore's own
 * (FieldValue.serverTimestamp, the REQUEST_TIME transform).
 */
export class FirestoreLeadStore implements LeadStore {
  constructor(
    private readonly settings: FirestoreSettings,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  async save(lead: Lead): Promise<{ created: boolean }> {
    const path = `${COLLECTIONS[lead.kind]}/${lead.id}`;
    const key = await cacheKey(this.settings);
    try {
      return await withDeadline(this.write(clientFor(key, this.settings), lead), this.timeoutMs);
    } catch (err) {
      // A refused token stays cached in the client for 50 minutes: start afresh on the next request.
      if (/\b(401|Unauthorized|token exchange)\b/.test(errorMessage(err))) clients.delete(key);
      throw new LeadStoreError(`Firestore could not store ${path}: ${errorMessage(err)}`, {
        cause: err,
        permanent: isPermanent(err),
      });
    }
  }

  async list(query: LeadQuery): Promise<LeadPage> {
    return this.guard('list leads', (rest) =>
      mergePages(query, (kind, after, limit) => queryKind(rest, kind, query, after, limit)),
    );
  }

  async get(kind: LeadKind, id: string): Promise<LeadRecord | null> {
    return this.guard(`read ${COLLECTIONS[kind]}/${id}`, (rest) => getDocument(rest, kind, id));
  }

  async update(kind: LeadKind, id: string, change: LeadChange): Promise<LeadRecord | null> {
    return this.guard(`update ${COLLECTIONS[kind]}/${id}`, async (rest) =>
      (await patchDesk(rest, kind, id, change)) ? getDocument(rest, kind, id) : null,
    );
  }

  async refreshSearch(lead: Lead): Promise<void> {
    await this.guard(`refresh the search words of ${COLLECTIONS[lead.kind]}/${lead.id}`, (rest) =>
      patchSearch(rest, lead.kind, lead.id, searchTokens(lead)),
    );
  }

  /** Runs a desk call with the REST base and a fresh-enough token, under the same deadline and error rules as a save. */
  private async guard<T>(what: string, work: (rest: FirestoreRest) => Promise<T>): Promise<T> {
    const key = await cacheKey(this.settings);
    try {
      const client = clientFor(key, this.settings);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (!this.settings.emulator) {
        await ensureToken(client);
        headers.authorization = `Bearer ${await (client as unknown as { getToken(): Promise<string> }).getToken()}`;
      }
      const prefix = `projects/${this.settings.projectId}/databases/(default)/documents`;
      const origin = this.settings.emulator
        ? `http://${this.settings.emulator.host}:${this.settings.emulator.port}`
        : 'https://firestore.googleapis.com';
      return await withDeadline(work({ base: `${origin}/v1/${prefix}`, prefix, headers }), this.timeoutMs);
    } catch (err) {
      if (/\b(401|Unauthorized|token exchange)\b/.test(errorMessage(err))) clients.delete(key);
      throw new LeadStoreError(`Firestore could not ${what}: ${errorMessage(err)}`, { cause: err });
    }
  }

  /**
   * One commit whose precondition is that the document does not exist yet, so
   * two concurrent saves of one submission store one document: the loser gets
   * 409 ALREADY_EXISTS, which means "already stored" and is answered like the
   * first time.
   */
  private async write(client: FirestoreClient, lead: Lead): Promise<{ created: boolean }> {
    if (!this.settings.emulator) await ensureToken(client);
    const { fields, stamp } = documentFor(lead);
    const commit = (client as unknown as { commit: CommitFn }).commit.bind(client);
    try {
      await commit(COLLECTIONS[lead.kind], lead.id, convertToFirestoreDocument(fields).fields, [stamp], {
        exists: false,
      });
      return { created: true };
    } catch (err) {
      if ((err as { alreadyExists?: boolean }).alreadyExists === true) return { created: false };
      throw err;
    }
  }
}

/**
 * firebase-rest-firestore's single-write commit (private in its typings, a plain
 * method at runtime; the library is pinned and the contract tests fail if it
 * changes). Its errors carry the HTTP `status` and `alreadyExists`.
 */
type CommitFn = (
  collection: string,
  id: string,
  fields: Record<string, unknown>,
  transforms: { fieldPath: string; setToServerValue: 'REQUEST_TIME' }[],
  currentDocument: { exists: boolean },
) => Promise<void>;

/** 400 INVALID_ARGUMENT and 403 PERMISSION_DENIED: the same write will be refused again. */
function isPermanent(err: unknown): boolean {
  const status = (err as { status?: unknown }).status;
  return status === 400 || status === 403;
}

/**
 * The documents of specification §3 (enquiries added so that none is lost), with the words the desk
 * searches by (searchTokens, queried with array-contains), each with its consent {version, at (a
 * timestamp)} and, when the visit had any, its attribution map; a quiz response also with `recommended`,
 * the program titles. And the field Firestore stamps.
 */
function documentFor(lead: Lead): {
  fields: Record<string, unknown>;
  stamp: { fieldPath: string; setToServerValue: 'REQUEST_TIME' };
} {
  const stamp = (fieldPath: string) => ({ fieldPath, setToServerValue: 'REQUEST_TIME' as const });
  // Fields a lead lacks (attribution when the visit had none) are left out: Firestore has no "undefined".
  const common = { searchTokens: searchTokens(lead), consent: consentMap(lead.consent), attribution: lead.attribution };
  switch (lead.kind) {
    case 'quiz':
      return {
        fields: defined({
          status: 'submitted',
          answers: lead.answers,
          contact: lead.contact,
          source: lead.source,
          recommended: lead.recommended,
          ...common,
        }),
        stamp: stamp('createdAt'),
      };
    case 'newsletter':
      return { fields: defined({ email: lead.email, ...common }), stamp: stamp('subscribedAt') };
    case 'enquiry':
      return {
        fields: defined({
          name: lead.name,
          phone: lead.phone,
          email: lead.email,
          description: lead.description,
          ...common,
        }),
        stamp: stamp('createdAt'),
      };
  }
}

/** consent as stored: its time as a Firestore timestamp. A lead parked before consent was recorded has none. */
function consentMap(consent: Consent | undefined): { version: string; at: Date } | undefined {
  return consent && { version: consent.version, at: new Date(consent.at) };
}

function defined(doc: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(doc).filter(([, value]) => value !== undefined));
}

/**
 * One client per set of credentials, kept for the isolate's life, so its
 * access token is reused across requests; a rotated secret gives a new key and
 * so a new client on the next request. The key holds a hash, never the secret.
 */
const clients = new Map<string, FirestoreClient>();
const MAX_CLIENTS = 4;

function clientFor(key: string, settings: FirestoreSettings): FirestoreClient {
  let client = clients.get(key);
  if (!client) {
    client = settings.emulator
      ? createFirestoreClient({
          projectId: settings.projectId,
          clientEmail: '',
          privateKey: '',
          useEmulator: true,
          emulatorHost: settings.emulator.host,
          emulatorPort: settings.emulator.port,
        })
      : createFirestoreClient({
          projectId: settings.projectId,
          clientEmail: settings.clientEmail,
          privateKey: settings.privateKey,
        });
    clients.set(key, client);
    // Old credentials are dead after a rotation; keep the map small.
    for (const old of clients.keys()) if (clients.size > MAX_CLIENTS) clients.delete(old);
  }
  return client;
}

async function cacheKey(settings: FirestoreSettings): Promise<string> {
  if (settings.emulator) return `emulator|${settings.projectId}|${settings.emulator.host}:${settings.emulator.port}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(settings.privateKey));
  const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
  return `${settings.projectId}|${settings.clientEmail}|${hash}`;
}

/**
 * firebase-rest-firestore does not check the token exchange: a refusal leaves
 * its token undefined and the next call goes out as "Bearer undefined". So the
 * exchange is made (and its token cached by the client) before any Firestore
 * call, and an empty result stops the write with a clear error. getToken is
 * private in the typings but a plain method at runtime (library pinned at 1.6.1;
 * the contract tests fail if that changes).
 */
async function ensureToken(client: FirestoreClient): Promise<void> {
  const source = client as unknown as { getToken(): Promise<unknown> };
  let token: unknown;
  try {
    token = await source.getToken();
  } catch (err) {
    throw new LeadStoreError(`the Google token exchange failed: ${errorMessage(err)}`);
  }
  if (typeof token !== 'string' || token === '') {
    throw new LeadStoreError(
      'the Google token exchange failed: no access token was returned; check FIRESTORE_CLIENT_EMAIL and FIRESTORE_PRIVATE_KEY.',
    );
  }
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LeadStoreError(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
