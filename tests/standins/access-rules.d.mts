// Types for access-rules.mjs, so the workerd stand-in (TypeScript) can import it.
export declare const OWNER: string;
export declare const CERTS_PATH: string;
export interface AccessKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JsonWebKey & { kid: string };
}
export declare function makeAccessKey(kid: string): Promise<AccessKey>;
export declare function claims(
  team: { domain: string; aud: string },
  overrides?: Record<string, unknown>,
  now?: number,
): Record<string, unknown>;
export declare function sign(
  key: AccessKey,
  payload: Record<string, unknown>,
  header?: Record<string, unknown>,
): Promise<string>;
export declare function unsigned(payload: Record<string, unknown>): string;
export declare function createAccessTeam(keys: () => AccessKey[]): {
  handle(request: Request, path?: string): Response;
};
