/**
 * The Firestore stand-in is only worth its fidelity: it must refuse what the
 * real service refuses, with Google's error JSON, or the adapter tests prove
 * nothing. Requests here are written by hand, not by the library.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getFirestoreToken } from 'firebase-rest-firestore';
import { createFirestoreStandin, TOKEN_URL, type FirestoreStandin } from '../../standins/google/firestore';
import { makeServiceAccountKey } from '../../standins/google/google-oauth';
import { CLIENT_EMAIL, serviceAccountKeys } from '../../support/firestore';

const BASE = 'https://firestore.googleapis.com/v1/projects/p1/databases/(default)/documents';
const NAME = 'projects/p1/databases/(default)/documents/news_letter/doc-1';
let standin: FirestoreStandin;
let auth: Record<string, string>;

beforeEach(async () => {
  standin = createFirestoreStandin({ projectId: 'p1' });
  const [key] = await serviceAccountKeys();
  standin.trust(CLIENT_EMAIL, key.keyId, key.publicKey);
  vi.stubGlobal('fetch', standin.fetch);
  const token = await getFirestoreToken({ projectId: 'p1', clientEmail: CLIENT_EMAIL, privateKey: key.privateKeyPem });
  auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const commit = (writes: unknown, headers = auth) =>
  fetch(`${BASE}:commit`, { method: 'POST', headers, body: JSON.stringify({ writes }) });
const write = (fields: unknown, extra: object = {}) => [{ update: { name: NAME, fields }, ...extra }];

async function expectGoogleError(res: Response, code: number, status: string, message?: RegExp) {
  expect(res.status).toBe(code);
  const body = (await res.json()) as { error: { code: number; status: string; message: string } };
  expect(body.error).toMatchObject({ code, status });
  if (message) expect(body.error.message).toMatch(message);
}

describe('Firestore stand-in', () => {
  it('applies a well-formed commit with a REQUEST_TIME transform', async () => {
    const res = await commit(
      write(
        { email: { stringValue: 'a@b.co' } },
        { updateTransforms: [{ fieldPath: 'subscribedAt', setToServerValue: 'REQUEST_TIME' }] },
      ),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      writeResults: [{ transformResults: [{ timestampValue: expect.any(String) }] }],
    });
    const doc = await fetch(`${BASE}/news_letter/doc-1`, { headers: auth });
    expect(await doc.json()).toMatchObject({
      name: NAME,
      fields: { subscribedAt: { timestampValue: expect.any(String) } },
    });
  });

  it.each([
    ['an unknown value kind', { a: { textValue: 'x' } }, /Unknown name "textValue"/],
    ['two kinds in one value', { a: { stringValue: 'x', integerValue: '1' } }, /Oneof field/],
    ['a number as stringValue', { a: { stringValue: 5 } }, /Invalid value/],
    ['a non-numeric integerValue', { a: { integerValue: 'abc' } }, /Invalid value/],
    ['a malformed timestamp', { a: { timestampValue: 'yesterday' } }, /Invalid value/],
    ['an array in an array', { a: { arrayValue: { values: [{ arrayValue: {} }] } } }, /array value in an array/],
    ['a bare value', { a: 'x' }, /expected an object/],
  ])('refuses %s with 400 INVALID_ARGUMENT', async (_what, fields, message) => {
    await expectGoogleError(await commit(write(fields)), 400, 'INVALID_ARGUMENT', message);
    expect(standin.documents.size).toBe(0);
  });

  it('refuses malformed writes', async () => {
    await expectGoogleError(await commit([]), 400, 'INVALID_ARGUMENT');
    await expectGoogleError(await commit([{ upsert: {} }]), 400, 'INVALID_ARGUMENT', /Unknown name "upsert"/);
    await expectGoogleError(await commit([{ update: { name: 'projects/p1/x', fields: {} } }]), 400, 'INVALID_ARGUMENT');
    await expectGoogleError(
      await commit(write({}, { updateTransforms: [{ fieldPath: 'at', setToServerValue: 'NOW' }] })),
      400,
      'INVALID_ARGUMENT',
    );
  });

  it('answers 404 for other projects, unknown paths and absent documents, 409 for a create over a document', async () => {
    await expectGoogleError(
      await fetch(BASE.replace('/p1/', '/p2/') + '/news_letter/doc-1', { headers: auth }),
      404,
      'NOT_FOUND',
    );
    await expectGoogleError(await fetch(`${BASE}/news_letter/doc-1/extra`, { headers: auth }), 404, 'NOT_FOUND');
    await expectGoogleError(await fetch(`${BASE}/news_letter/absent`, { headers: auth }), 404, 'NOT_FOUND');
    await commit(write({}));
    await expectGoogleError(await commit(write({}, { currentDocument: { exists: false } })), 409, 'ALREADY_EXISTS');
  });

  it('refuses requests without a token it issued, including "Bearer undefined"', async () => {
    for (const authorization of ['Bearer undefined', 'Bearer ya29.made-up', '']) {
      await expectGoogleError(await commit(write({}), { ...auth, authorization }), 401, 'UNAUTHENTICATED');
    }
  });

  it('refuses a JWT signed by an unknown key, and another grant type', async () => {
    const stranger = await makeServiceAccountKey('stranger');
    const config = { projectId: 'p1', clientEmail: CLIENT_EMAIL, privateKey: stranger.privateKeyPem };
    expect(await getFirestoreToken(config)).toBeUndefined(); // what the library makes of a refusal
    const res = await fetch(TOKEN_URL, { method: 'POST', body: JSON.stringify({ grant_type: 'password' }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'unsupported_grant_type' });
    expect(standin.exchanges).toHaveLength(1); // only the one from beforeEach
  });
});

describe('the token endpoint, by the rules the Node stand-in shares (tests/standins/google/google-rules.mjs)', () => {
  const EMAIL = 'checks@p1.iam.gserviceaccount.com';
  const b64url = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const part = (value: object) => b64url(new TextEncoder().encode(JSON.stringify(value)));
  const pair = () =>
    crypto.subtle.generateKey(
      { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ) as Promise<CryptoKeyPair>;
  let trusted: CryptoKeyPair;
  let other: CryptoKeyPair;

  beforeEach(async () => {
    [trusted, other] = await Promise.all([pair(), pair()]);
    standin.trust(EMAIL, 'checks-key', trusted.publicKey);
  });

  /** A grant whose claims and header are Google's usual ones with `claims` and `header` over them. */
  async function grant(claims: Record<string, unknown>, header: Record<string, unknown> = {}, key = trusted) {
    const now = Math.floor(Date.now() / 1000);
    const head = part({ alg: 'RS256', typ: 'JWT', ...header });
    const body = part({
      iss: EMAIL,
      scope: 'https://www.googleapis.com/auth/datastore',
      aud: TOKEN_URL,
      iat: now,
      exp: now + 3600,
      ...claims,
    });
    const data = new TextEncoder().encode(`${head}.${body}`);
    const signature = new Uint8Array(await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key.privateKey, data));
    return `${head}.${body}.${b64url(signature)}`;
  }
  const exchange = (assertion: string) =>
    fetch(TOKEN_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    });

  it('refuses each fault with its reason, the first check that fails deciding when several would', async () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    const cases: [string, () => Promise<string>, string][] = [
      ['two parts', async () => 'a.b', 'Invalid JWT: not a signed JWT.'],
      [
        'HS256, and for another audience',
        () => grant({ aud: 'https://elsewhere.test/token' }, { alg: 'HS256' }),
        'Invalid JWT: unsupported signing algorithm.',
      ],
      [
        'an account it does not know',
        () => grant({ iss: 'stranger@p1.iam.gserviceaccount.com' }),
        'Invalid grant: account not found',
      ],
      [
        'signed by another key, and for another audience',
        () => grant({ aud: 'https://elsewhere.test/token' }, {}, other),
        'Invalid JWT Signature.',
      ],
      [
        'for another audience, and expired',
        () => grant({ aud: 'https://elsewhere.test/token', iat: past, exp: past + 3600 }),
        'Invalid JWT: audience does not match.',
      ],
      [
        'valid for two hours, and without the scope',
        async () => grant({ exp: Math.floor(Date.now() / 1000) + 7200, scope: '' }),
        'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.',
      ],
      [
        'without the datastore scope',
        () => grant({ scope: 'openid email' }),
        'Invalid OAuth scope or ID token audience provided.',
      ],
    ];
    for (const [fault, assertion, reason] of cases) {
      const res = await exchange(await assertion());
      expect(res.status, fault).toBe(400);
      expect(await res.json(), fault).toEqual({ error: 'invalid_grant', error_description: reason });
    }
    expect(standin.exchanges).toHaveLength(1); // only the one from beforeEach

    const res = await exchange(await grant({}));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ access_token: expect.stringMatching(/^ya29\./), token_type: 'Bearer' });
    expect(standin.exchanges.at(-1)).toEqual({ clientEmail: EMAIL, keyId: 'checks-key' });
  });
});
