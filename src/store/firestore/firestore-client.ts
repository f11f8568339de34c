import { convertToFirestoreDocument, formatPrivateKey, getFirestoreToken } from 'firebase-rest-firestore';
import { errorMessage } from '../../log';

/** Service-account credentials, or a local Firestore-compatible endpoint that needs none. */
export type FirestoreSettings =
  | { projectId: string; clientEmail: string; privateKey: string; emulator?: undefined }
  | { projectId: string; emulator: { host: string; port: number } };

/** A Firestore REST value (`{ stringValue: … }`, `{ mapValue: … }`, …). */
export type Value = Record<string, unknown>;
export interface Document {
  name: string;
  fields?: Record<string, Value>;
}

/**
 * Firestore answered with an error. The message has the form `Firestore API error: <status> - <body>`,
 * which src/log.ts's redaction recognises (the body may echo the document, so logs keep only its status).
 */
export class FirestoreError extends Error {
  override name = 'FirestoreError';
  /** Google's status name from the body (ALREADY_EXISTS, PERMISSION_DENIED…), or ''. */
  readonly code: string;

  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`Firestore API error: ${status} - ${body.slice(0, 300)}`);
    this.code = /"status"\s*:\s*"([A-Z_]+)"/.exec(body)?.[1] ?? '';
  }

  /** 400 INVALID_ARGUMENT and 403 PERMISSION_DENIED: the same request will be refused again. */
  get permanent(): boolean {
    return this.status === 400 || this.status === 403;
  }
}

/** The token exchange failed or gave no token: the message names the settings to check. */
export class TokenError extends Error {
  override name = 'TokenError';
}

/** Google's access tokens live an hour; one is reused for 50 minutes. */
const TOKEN_LIFE_MS = 50 * 60_000;
/** One token per set of credentials for the isolate's life; the key holds a hash, never the secret. */
const tokens = new Map<string, { token: string; until: number }>();
/** Old credentials are dead after a rotation: keep the map small. */
const MAX_TOKENS = 4;

/**
 * The one way the site talks to Firestore: documents:commit, GET, PATCH, DELETE and runQuery over REST v1, with
 * the service account's bearer token (the library's token exchange, checked and cached here) or, for a
 * local emulator, none. Every failure is a FirestoreError or a TokenError.
 */
export class FirestoreClient {
  /** `projects/{p}/databases/(default)/documents`, the prefix of document names. */
  readonly prefix: string;
  private readonly base: string;

  constructor(private readonly settings: FirestoreSettings) {
    this.prefix = `projects/${settings.projectId}/databases/(default)/documents`;
    const origin = settings.emulator
      ? `http://${settings.emulator.host}:${settings.emulator.port}`
      : 'https://firestore.googleapis.com';
    this.base = `${origin}/v1/${this.prefix}`;
  }

  /**
   * Creates a document only if none has its id (a `exists: false` precondition), the fields `stampFields`
   * set to Firestore's own time. False when the document exists already.
   */
  async create(
    collection: string,
    id: string,
    fields: Record<string, unknown>,
    stampFields: string[],
  ): Promise<boolean> {
    const write = {
      ...this.update(collection, id, fields),
      updateTransforms: stampFields.map((fieldPath) => ({ fieldPath, setToServerValue: 'REQUEST_TIME' })),
      currentDocument: { exists: false },
    };
    try {
      await this.call(':commit', { method: 'POST', body: { writes: [write] } });
      return true;
    } catch (err) {
      if (err instanceof FirestoreError && (err.status === 409 || err.code === 'ALREADY_EXISTS')) return false;
      throw err;
    }
  }

  /**
   * Creates several documents in one commit, all or none: each only if none has its id. False when any exists
   * already (then none is written), so two documents that must exist together (a payment and its receipt number)
   * never exist apart.
   */
  async createAll(
    documents: Array<{ collection: string; id: string; fields: Record<string, unknown> }>,
  ): Promise<boolean> {
    const writes = documents.map((d) => ({
      ...this.update(d.collection, d.id, d.fields),
      currentDocument: { exists: false },
    }));
    try {
      await this.call(':commit', { method: 'POST', body: { writes } });
      return true;
    } catch (err) {
      if (err instanceof FirestoreError && (err.status === 409 || err.code === 'ALREADY_EXISTS')) return false;
      throw err;
    }
  }

  /** Writes a whole document, replacing any stored under its id (a commit without updateMask or precondition). */
  async set(collection: string, id: string, fields: Record<string, unknown>): Promise<void> {
    await this.call(':commit', { method: 'POST', body: { writes: [this.update(collection, id, fields)] } });
  }

  /**
   * Writes the fields named in `mask` (a field in the mask but not in `fields` is removed), creating the document
   * when there is none; fields outside the mask stay as they are.
   */
  async setMasked(collection: string, id: string, fields: Record<string, unknown>, mask: readonly string[]) {
    const write = { ...this.update(collection, id, fields), updateMask: { fieldPaths: mask } };
    await this.call(':commit', { method: 'POST', body: { writes: [write] } });
  }

  /** One document, or null when there is none. */
  async get(collection: string, id: string): Promise<Document | null> {
    const res = await this.call(`/${collection}/${encodeURIComponent(id)}`, { method: 'GET', absent: true });
    return res ? ((await res.json()) as Document) : null;
  }

  /**
   * Sets only the given fields of an existing document, and removes those named in `cleared`; false when there is
   * no such document.
   */
  async patch(
    collection: string,
    id: string,
    fields: Record<string, Value>,
    cleared: readonly string[] = [],
  ): Promise<boolean> {
    const params = new URLSearchParams();
    for (const path of [...Object.keys(fields), ...cleared]) params.append('updateMask.fieldPaths', path);
    params.append('currentDocument.exists', 'true');
    const res = await this.call(`/${collection}/${encodeURIComponent(id)}?${params}`, {
      method: 'PATCH',
      body: { fields },
      absent: true,
    });
    return res !== null;
  }

  /** Deletes a document; false when there was none (the `exists` precondition answers 404). */
  async delete(collection: string, id: string): Promise<boolean> {
    const res = await this.call(`/${collection}/${encodeURIComponent(id)}?currentDocument.exists=true`, {
      method: 'DELETE',
      absent: true,
    });
    return res !== null;
  }

  /** The documents a structured query finds, in its order. */
  async query(structuredQuery: Value): Promise<Document[]> {
    const res = await this.call(':runQuery', { method: 'POST', body: { structuredQuery } });
    const answer = (await res!.json()) as Array<{ document?: Document }>;
    return answer.flatMap(({ document }) => (document ? [document] : []));
  }

  private update(collection: string, id: string, fields: Record<string, unknown>) {
    return {
      update: { name: `${this.prefix}/${collection}/${id}`, fields: convertToFirestoreDocument(fields).fields },
    };
  }

  /** Makes one call; `absent: true` answers null for a 404 instead of throwing. */
  private async call(
    path: string,
    init: { method: string; body?: unknown; absent?: boolean },
  ): Promise<Response | null> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const key = await this.key();
    if (!this.settings.emulator) headers.authorization = `Bearer ${await this.token(key)}`;
    const res = await fetch(`${this.base}${path}`, {
      method: init.method,
      headers,
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
    });
    if (res.status === 404 && init.absent) return null;
    if (!res.ok) {
      // A refused token must not be reused for 50 minutes: the next call exchanges afresh.
      if (res.status === 401) tokens.delete(key);
      throw new FirestoreError(res.status, await res.text());
    }
    return res;
  }

  /**
   * The library's token exchange does not check Google's answer (a refusal comes back as an undefined
   * token), so an empty token stops the call here with a clear error.
   */
  private async token(key: string): Promise<string> {
    const cached = tokens.get(key);
    if (cached && cached.until > Date.now()) return cached.token;
    const settings = this.settings as Extract<FirestoreSettings, { clientEmail: string }>;
    let token: unknown;
    try {
      token = await getFirestoreToken({
        projectId: settings.projectId,
        clientEmail: settings.clientEmail,
        privateKey: formatPrivateKey(settings.privateKey),
      });
    } catch (err) {
      throw new TokenError(`the Google token exchange failed: ${errorMessage(err)}`);
    }
    if (typeof token !== 'string' || token === '') {
      throw new TokenError(
        'the Google token exchange failed: no access token was returned; check FIRESTORE_CLIENT_EMAIL and FIRESTORE_PRIVATE_KEY.',
      );
    }
    tokens.set(key, { token, until: Date.now() + TOKEN_LIFE_MS });
    for (const old of tokens.keys()) if (tokens.size > MAX_TOKENS) tokens.delete(old);
    return token;
  }

  private async key(): Promise<string> {
    const s = this.settings;
    if (s.emulator) return `emulator|${s.projectId}|${s.emulator.host}:${s.emulator.port}`;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s.privateKey));
    return `${s.projectId}|${s.clientEmail}|${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
  }
}

/**
 * What each Firestore store is built on: its own client for the project's settings. The stores differ in what they
 * read and write; how they reach Firestore is this, once.
 */
export abstract class FirestoreStore {
  protected readonly client: FirestoreClient;

  constructor(settings: FirestoreSettings) {
    this.client = new FirestoreClient(settings);
  }
}
