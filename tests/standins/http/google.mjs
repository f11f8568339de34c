// Google OAuth token endpoint and a Firestore read, for the operator scripts' live checks.
//   POST /google/token  service-account JWT grant, by the rules the workerd tests' stand-in uses too
//                       (google-rules.mjs: grant type, RS256 signature by a trusted key, aud this endpoint,
//                       a short lifetime, scope datastore; else Google's 400 {error, error_description})
//   GET  /google/v1/projects/{p}/databases/(default)/documents/{collection}  needs a token it issued
// Control: POST /__control {service: 'google', projectId, trusted: {clientEmail: publicKeyPem}}.
import { createTokenEndpoint, googleError, importPublicKey } from '../google/google-rules.mjs';
import { registerFetch } from './index.mjs';

const endpoint = createTokenEndpoint();
const imported = new Map();

/** The keys the control API trusts, as the token endpoint takes them (each PEM imported once). */
async function trustedKeys(trusted = {}) {
  return Promise.all(
    Object.entries(trusted).map(async ([clientEmail, pem]) => {
      if (!imported.has(pem)) imported.set(pem, importPublicKey(pem));
      return { clientEmail, keyId: 'trusted', publicKey: await imported.get(pem) };
    }),
  );
}

registerFetch('google', async (request, config) => {
  const path = new URL(request.url).pathname.replace(/^\/google/, '');
  if (request.method === 'POST' && path === '/token') {
    return endpoint.exchange(request, await trustedKeys(config.trusted));
  }
  const m = /^\/v1\/projects\/([^/]+)\/databases\/\(default\)\/documents\/([a-z_]+)$/.exec(path);
  if (request.method === 'GET' && m) {
    const refused = endpoint.unauthenticated(request);
    if (refused) return refused;
    if (decodeURIComponent(m[1]) !== config.projectId) {
      return googleError(403, 'PERMISSION_DENIED', 'Missing or insufficient permissions.');
    }
    return Response.json({});
  }
  return googleError(404, 'NOT_FOUND', 'Not found');
});
