// Types for google-rules.mjs, so the workerd stand-in (TypeScript) can import it.
export declare const JWT_BEARER: string;
export declare const DATASTORE_SCOPE: string;
export interface TrustedKey {
  clientEmail: string;
  keyId: string;
  publicKey: CryptoKey;
}
export declare function googleError(code: number, status: string, message: string): Response;
export declare function checkAssertion(
  assertion: string,
  keys: Iterable<TrustedKey>,
  audience: string,
): Promise<{ ok: true; clientEmail: string; keyId: string } | { ok: false; reason: string }>;
export declare function importPublicKey(pem: string): Promise<CryptoKey>;
export declare function createTokenEndpoint(): {
  exchanges: { clientEmail: string; keyId: string }[];
  exchange(
    request: Request,
    keys: Iterable<TrustedKey>,
    scripted?: () => Response | null | undefined,
  ): Promise<Response>;
  unauthenticated(request: Request): Response | null;
};
