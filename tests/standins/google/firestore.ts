/**
 * An in-process stand-in of the Google calls firebase-rest-firestore makes:
 * the OAuth token exchange and Firestore REST v1 (documents:commit, runQuery, and GET, PATCH and
 * DELETE of a document). Installed as the global fetch with vi.stubGlobal. It is strict the
 * way the real service is: wrong paths, missing or unknown fields, badly typed
 * values and missing credentials are refused with Google's error JSON; and it
 * can be told to fail (5xx, 401, refused token, or no answer at all).
 */
import { InvalidArgument, checkFields, isObject, type Fields } from './firestore-values';
import { createTokenEndpoint, googleError, type TrustedKeys } from './google-oauth';

export { googleError } from './google-oauth';
import { FailedPrecondition, runQuery, type CompositeIndex } from './firestore-query';

export const TOKEN_URL = 'https://oauth2.googleapis.com/token';
const FIRESTORE_ORIGIN = 'https://firestore.googleapis.com';

export interface StoredDocument {
  fields: Fields;
  createTime: string;
  updateTime: string;
}

export interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

/**
 * 'timeout' holds every Firestore request unanswered; 'late' applies each commit at once but holds
 * its answer until release() (the write is stored, the caller only hears of it after its deadline).
 * 400 and 403 refuse the write itself (INVALID_ARGUMENT, PERMISSION_DENIED): retrying cannot fix them.
 */
export type FirestoreFault = 500 | 503 | 401 | 400 | 403 | 'timeout' | 'late' | null;
export type TokenFault = 'refuse' | 500 | 'timeout' | null;

export function createFirestoreStandin(options: {
  projectId: string;
  emulatorOrigin?: string;
  /** Composite indexes the project has (firestore.indexes.json); queries needing another are refused. */
  indexes?: CompositeIndex[];
}) {
  const documents = new Map<string, StoredDocument>();
  const requests: RecordedRequest[] = [];
  const tokenEndpoint = createTokenEndpoint();
  const keys: TrustedKeys = new Map();
  const held: Array<() => void> = [];
  const prefix = `projects/${options.projectId}/databases/(default)/documents`;

  const standin = {
    documents,
    requests,
    /** Token exchanges answered with a token, and the key that signed each. */
    exchanges: tokenEndpoint.exchanges,
    failFirestore: null as FirestoreFault,
    failToken: null as TokenFault,
    /** Accepts JWTs for clientEmail signed by this key (several keys: a rotation in progress). */
    trust(clientEmail: string, keyId: string, publicKey: CryptoKey) {
      keys.set(`${clientEmail}|${keyId}`, { clientEmail, keyId, publicKey });
    },
    /** The stored document at collection/id, or undefined. */
    document(collection: string, id: string) {
      return documents.get(`${collection}/${id}`);
    },
    /** How many requests are being held unanswered right now. */
    get heldCount() {
      return held.length;
    },
    /** Answers every held request (a "timed out" one with 504, a late commit with its result) and lets the caller settle, so nothing dangles into the next test. */
    async release() {
      for (const answer of held.splice(0)) answer();
      await new Promise((resolve) => setTimeout(resolve, 20));
    },
    fetch: async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      const text = request.method === 'GET' ? '' : await request.clone().text();
      requests.push({
        method: request.method,
        url: request.url,
        authorization: request.headers.get('authorization'),
        body: text ? safeJson(text) : undefined,
      });
      const url = new URL(request.url);
      if (request.url === TOKEN_URL) return hold(standin.failToken === 'timeout') ?? exchangeToken(request);
      const emulated = url.origin === options.emulatorOrigin;
      if (url.origin !== FIRESTORE_ORIGIN && !emulated) {
        throw new TypeError(`The Firestore stand-in does not serve ${url.origin} (tests must not reach the network).`);
      }
      const unauthenticated = emulated ? null : tokenEndpoint.unauthenticated(request);
      if (unauthenticated) return unauthenticated;
      const fault = standin.failFirestore;
      if (fault === 'timeout') return hold(true)!;
      if (fault === 401) {
        return googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
      }
      if (fault === 400)
        return googleError(400, 'INVALID_ARGUMENT', 'Invalid value at document.fields: invalid UTF-8.');
      if (fault === 403) return googleError(403, 'PERMISSION_DENIED', 'Missing or insufficient permissions.');
      if (fault === 500 || fault === 503)
        return googleError(fault, fault === 503 ? 'UNAVAILABLE' : 'INTERNAL', 'The service is currently unavailable.');
      const answer = answerRoute(request, url, text);
      if (fault === 'late' && request.method === 'POST') {
        return new Promise((resolve) => held.push(() => resolve(answer)));
      }
      return answer;
    },
  };

  function answerRoute(request: Request, url: URL, text: string): Response {
    try {
      return route(request.method, decodeURIComponent(url.pathname), text, request.headers, url.searchParams);
    } catch (err) {
      if (err instanceof InvalidArgument) return googleError(400, 'INVALID_ARGUMENT', err.message);
      if (err instanceof FailedPrecondition) return googleError(400, 'FAILED_PRECONDITION', err.message);
      throw err;
    }
  }

  function hold(when: boolean): Promise<Response> | null {
    if (!when) return null;
    return new Promise((resolve) =>
      held.push(() => resolve(googleError(504, 'DEADLINE_EXCEEDED', 'Deadline exceeded.'))),
    );
  }

  /** The token endpoint by the rules every stand-in shares; a 500 or a refusal when the test scripted one. */
  async function exchangeToken(request: Request): Promise<Response> {
    if (standin.failToken === 500) return Response.json({ error: 'internal_failure' }, { status: 500 });
    return tokenEndpoint.exchange(request, keys.values(), () =>
      standin.failToken === 'refuse'
        ? Response.json({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }, { status: 400 })
        : null,
    );
  }

  function route(method: string, path: string, body: string, headers: Headers, search: URLSearchParams): Response {
    const base = `/v1/${prefix}`;
    if (!path.startsWith('/v1/projects/')) return googleError(404, 'NOT_FOUND', `Not found: ${path}`);
    if (!path.startsWith(base)) {
      return googleError(404, 'NOT_FOUND', `The database (default) does not exist for this project.`);
    }
    const rest = path.slice(base.length);
    if (method === 'POST' && rest === ':commit') {
      if (!/^application\/json/i.test(headers.get('content-type') ?? '')) {
        throw new InvalidArgument('Invalid JSON payload received. Expected a JSON body.');
      }
      return commit(parseBody(body));
    }
    if (method === 'POST' && rest === ':runQuery') {
      return Response.json(runQuery(parseBody(body), documents, prefix, options.indexes ?? []));
    }
    const segments = rest.split('/').slice(1);
    if (method === 'PATCH' && rest.startsWith('/') && segments.length === 2 && segments.every(Boolean)) {
      return patch(segments.join('/'), parseBody(body), search);
    }
    if (method === 'DELETE' && rest.startsWith('/') && segments.length === 2 && segments.every(Boolean)) {
      const key = segments.join('/');
      const odd = [...search.keys()].find((k) => k !== 'currentDocument.exists');
      if (odd)
        throw new InvalidArgument(`Invalid JSON payload received. Unknown name "${odd}": Cannot bind query parameter.`);
      if (search.get('currentDocument.exists') === 'true' && !documents.has(key)) {
        return googleError(404, 'NOT_FOUND', `No document to update: ${prefix}/${key}`);
      }
      // Without the precondition, deleting a document that does not exist succeeds, as on Firestore.
      documents.delete(key);
      return Response.json({});
    }
    if (method === 'GET' && rest.startsWith('/') && segments.length === 2 && segments.every(Boolean)) {
      const doc = documents.get(segments.join('/'));
      if (!doc) return googleError(404, 'NOT_FOUND', `Document "${prefix}${rest}" not found.`);
      return Response.json({ name: `${prefix}${rest}`, ...doc });
    }
    return googleError(404, 'NOT_FOUND', `The stand-in does not serve ${method} ${path}.`);
  }

  /** documents:commit is atomic: every write is checked (shape, then preconditions) before any is applied. */
  function commit(body: Record<string, unknown>): Response {
    only(body, ['writes', 'transaction'], '');
    if (!Array.isArray(body.writes) || body.writes.length === 0) throw new InvalidArgument('Missing writes.');
    const writes = body.writes.map((write: unknown, i) => checkWrite(write, `writes[${i}]`));
    for (const { key, name, exists } of writes) {
      const existing = documents.has(key);
      if (exists === false && existing) return googleError(409, 'ALREADY_EXISTS', `Document already exists: ${name}`);
      if (exists === true && !existing) return googleError(404, 'NOT_FOUND', `No document to update: ${name}`);
    }
    const now = new Date().toISOString().replace('Z', '000Z');
    const writeResults = writes.map(({ key, fields, transforms, mask }) => {
      // An update without updateMask replaces the whole document; with one, only the named fields change (one in
      // the mask but not in the update is removed) and the rest stay.
      const stored: Fields = mask ? masked(documents.get(key)?.fields ?? {}, fields, mask) : structuredClone(fields);
      for (const path of transforms) setPath(stored, path, { timestampValue: now });
      documents.set(key, { fields: stored, createTime: documents.get(key)?.createTime ?? now, updateTime: now });
      return { updateTime: now, transformResults: transforms.map(() => ({ timestampValue: now })) };
    });
    return Response.json({ writeResults, commitTime: now });
  }

  /** PATCH of a document: with updateMask only the named fields change; currentDocument.exists=true refuses to create. */
  function patch(key: string, body: Record<string, unknown>, search: URLSearchParams): Response {
    only(body, ['name', 'fields'], '');
    const fields = body.fields ?? {};
    checkFields(fields, 'fields');
    const known = ['updateMask.fieldPaths', 'currentDocument.exists', 'mask.fieldPaths'];
    const odd = [...search.keys()].find((k) => !known.includes(k));
    if (odd)
      throw new InvalidArgument(`Invalid JSON payload received. Unknown name "${odd}": Cannot bind query parameter.`);
    const existing = documents.get(key);
    const exists = search.get('currentDocument.exists');
    if (exists === 'true' && !existing) return googleError(404, 'NOT_FOUND', `No document to update: ${prefix}/${key}`);
    if (exists === 'false' && existing)
      return googleError(409, 'ALREADY_EXISTS', `Document already exists: ${prefix}/${key}`);
    const mask = search.getAll('updateMask.fieldPaths');
    const now = new Date().toISOString().replace('Z', '000Z');
    const stored = mask.length === 0 ? structuredClone(fields) : masked(existing?.fields ?? {}, fields, mask);
    const doc = { fields: stored, createTime: existing?.createTime ?? now, updateTime: now };
    documents.set(key, doc);
    return Response.json({ name: `${prefix}/${key}`, ...doc });
  }

  function checkWrite(write: unknown, at: string) {
    if (!isObject(write)) throw new InvalidArgument(`Invalid value at '${at}'.`);
    only(write, ['update', 'delete', 'updateMask', 'updateTransforms', 'currentDocument'], at);
    if (!isObject(write.update)) {
      throw new InvalidArgument(`Write at '${at}' must have an update (this stand-in does not delete).`);
    }
    only(write.update, ['name', 'fields'], `${at}.update`);
    const name = String(write.update.name ?? '');
    const key = new RegExp(`^${escape(prefix)}/([^/]+/[^/]+)$`).exec(name)?.[1];
    if (!key) throw new InvalidArgument(`Document name "${name}" is not a valid document of ${prefix}.`);
    const fields = write.update.fields ?? {};
    checkFields(fields, `${at}.update.fields`);
    const pre = write.currentDocument;
    if (pre !== undefined && (!isObject(pre) || typeof pre.exists !== 'boolean')) {
      throw new InvalidArgument(`Invalid value at '${at}.currentDocument'.`);
    }
    const mask = write.updateMask;
    if (mask !== undefined && (!isObject(mask) || !Array.isArray(mask.fieldPaths))) {
      throw new InvalidArgument(`Invalid value at '${at}.updateMask'.`);
    }
    return {
      key,
      name,
      fields,
      transforms: checkTransforms(write.updateTransforms, at),
      exists: pre?.exists,
      mask: mask ? (mask.fieldPaths as unknown[]).map(String) : undefined,
    };
  }

  /** A document's fields after an update under a mask (top-level paths only, as the adapters write them). */
  function masked(existing: Fields, fields: Fields, mask: readonly string[]): Fields {
    const stored = structuredClone(existing);
    for (const path of mask) {
      if (path.includes('.')) throw new InvalidArgument('The stand-in serves top-level updateMask paths only.');
      if (path in fields) stored[path] = structuredClone(fields[path]!);
      else delete stored[path];
    }
    const unmasked = Object.keys(fields).find((k) => !mask.includes(k));
    if (unmasked) throw new InvalidArgument(`Field ${unmasked} is in the document but not in the update mask.`);
    return stored;
  }

  return standin;
}

export type FirestoreStandin = ReturnType<typeof createFirestoreStandin>;

function checkTransforms(value: unknown, at: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new InvalidArgument(`Invalid value at '${at}.updateTransforms'.`);
  return value.map((t: unknown, i) => {
    const where = `${at}.updateTransforms[${i}]`;
    if (!isObject(t) || typeof t.fieldPath !== 'string' || t.fieldPath === '')
      throw new InvalidArgument(`Missing fieldPath at '${where}'.`);
    only(t, ['fieldPath', 'setToServerValue'], where);
    if (t.setToServerValue !== 'REQUEST_TIME') {
      throw new InvalidArgument(
        `Invalid value at '${where}.setToServerValue' (${JSON.stringify(t.setToServerValue)}).`,
      );
    }
    return t.fieldPath;
  });
}

/** Simple dotted field paths only: the adapter sets top-level timestamps. */
function setPath(fields: Fields, path: string, value: Record<string, unknown>): void {
  const parts = path.split('.');
  let target = fields;
  for (const part of parts.slice(0, -1)) {
    const next = (target[part] ??= { mapValue: { fields: {} } }) as { mapValue: { fields: Fields } };
    target = next.mapValue.fields;
  }
  target[parts[parts.length - 1]!] = value;
}

function only(object: Record<string, unknown>, allowed: string[], at: string): void {
  const unknown = Object.keys(object).find((k) => !allowed.includes(k));
  if (unknown)
    throw new InvalidArgument(
      `Invalid JSON payload received. Unknown name "${unknown}" at '${at}': Cannot find field.`,
    );
}

function parseBody(text: string): Record<string, unknown> {
  const body = safeJson(text);
  if (!isObject(body)) throw new InvalidArgument('Invalid JSON payload received. Expected an object.');
  return body;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
