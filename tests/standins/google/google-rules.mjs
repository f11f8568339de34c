// Google's OAuth token endpoint for a service account (the JWT bearer grant), as every stand-in answers it: the
// Worker's tests in workerd (tests/standins/google/google-oauth.ts, inside the Firestore stand-in) and the Node
// stand-in (http/google.mjs) the operator scripts' live checks talk to. Web APIs only (crypto.subtle, Request,
// Response). The checks, in the order they run, each refusing with Google's 400 {error, error_description}:
//   grant_type the JWT bearer grant   else unsupported_grant_type
//   three base64url parts of JSON     else invalid_grant "Invalid JWT: not a signed JWT."
//   alg RS256                         else "Invalid JWT: unsupported signing algorithm."
//   iss a service account it knows    else "Invalid grant: account not found"
//   a signature by one of its keys    else "Invalid JWT Signature."
//   aud this endpoint's URL           else "Invalid JWT: audience does not match."
//   iat, exp: at most an hour, now    else "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe."
//   scope includes datastore          else "Invalid OAuth scope or ID token audience provided."
// An access token it issued is then what Google's APIs take (`unauthenticated`).

export const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
export const DATASTORE_SCOPE = 'https://www.googleapis.com/auth/datastore';

/** Google's error JSON for its APIs: { error: { code, message, status } }. */
export function googleError(code, status, message) {
  return Response.json({ error: { code, message, status } }, { status: code });
}

/** The bytes of a base64url string (none when it is not base64url). */
const bytes = (base64url) => {
  try {
    return Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
};

const decode = (part) => {
  try {
    const value = JSON.parse(new TextDecoder().decode(bytes(part)));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
};

/**
 * What Google checks before it answers with an access token (the order and wording above). `keys` are the
 * service accounts' public keys it trusts: {clientEmail, keyId, publicKey (a CryptoKey for RSASSA-PKCS1-v1_5)};
 * several for one account: a rotation in progress.
 */
export async function checkAssertion(assertion, keys, audience) {
  const refuse = (reason) => ({ ok: false, reason });
  const parts = assertion.split('.');
  const [head, body, signature] = parts;
  const header = parts.length === 3 && head && body && signature ? decode(head) : null;
  const claims = header ? decode(body) : null;
  if (!header || !claims) return refuse('Invalid JWT: not a signed JWT.');
  if (header.alg !== 'RS256') return refuse('Invalid JWT: unsupported signing algorithm.');
  const candidates = [...keys].filter((k) => k.clientEmail === claims.iss);
  if (candidates.length === 0) return refuse('Invalid grant: account not found');
  const data = new TextEncoder().encode(`${head}.${body}`);
  let signer;
  for (const key of candidates) {
    if (await crypto.subtle.verify('RSASSA-PKCS1-v1_5', key.publicKey, bytes(signature), data)) {
      signer = key;
      break;
    }
  }
  if (!signer) return refuse('Invalid JWT Signature.');
  if (claims.aud !== audience) return refuse('Invalid JWT: audience does not match.');
  const now = Math.floor(Date.now() / 1000);
  const iat = Number(claims.iat);
  const exp = Number(claims.exp);
  if (!(iat <= now + 60 && exp > now && exp - iat <= 3600)) {
    return refuse('Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.');
  }
  if (
    !String(claims.scope ?? '')
      .split(' ')
      .includes(DATASTORE_SCOPE)
  ) {
    return refuse('Invalid OAuth scope or ID token audience provided.');
  }
  return { ok: true, clientEmail: signer.clientEmail, keyId: signer.keyId };
}

/** A service account's public key from its PEM (SPKI), as checkAssertion takes it. */
export async function importPublicKey(pem) {
  const base64 = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  return crypto.subtle.importKey(
    'spki',
    Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)),
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['verify'],
  );
}

/** The form fields of a token request: a urlencoded form, as Google documents, or JSON, which it takes too. */
function tokenFields(text) {
  try {
    const json = JSON.parse(text);
    if (typeof json === 'object' && json !== null && !Array.isArray(json)) return json;
  } catch {
    // not JSON: a form
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * One token endpoint with its memory of the tokens it issued. `exchange(request, keys, scripted)` answers a
 * token request; its audience is the request's URL (without a query), and `scripted()`, asked only once every
 * check passed, may answer instead (a failure a test scripted). `unauthenticated(request)` is Google's 401
 * for an API call whose bearer token this endpoint did not issue, else null. `exchanges` lists who was
 * given a token, with the key that signed the request.
 */
export function createTokenEndpoint() {
  const issued = new Set();
  const exchanges = [];
  let counter = 0;
  return {
    exchanges,
    async exchange(request, keys, scripted) {
      const fields = tokenFields(await request.text());
      if (fields.grant_type !== JWT_BEARER) {
        return Response.json(
          { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${fields.grant_type ?? ''}` },
          { status: 400 },
        );
      }
      const url = new URL(request.url);
      const checked = await checkAssertion(String(fields.assertion ?? ''), keys, `${url.origin}${url.pathname}`);
      if (!checked.ok) {
        return Response.json({ error: 'invalid_grant', error_description: checked.reason }, { status: 400 });
      }
      const instead = scripted?.();
      if (instead) return instead;
      const token = `ya29.standin-${++counter}-${crypto.randomUUID()}`;
      issued.add(token);
      exchanges.push({ clientEmail: checked.clientEmail, keyId: checked.keyId });
      return Response.json({ access_token: token, expires_in: 3599, token_type: 'Bearer' });
    },
    unauthenticated(request) {
      const token = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
      if (token && issued.has(token)) return null;
      return googleError(
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      );
    },
  };
}
