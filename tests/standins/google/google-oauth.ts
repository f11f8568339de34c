/**
 * The service-account side of Google's OAuth token exchange: test keys (a real
 * RSA key pair made at test time, the private half PEM-encoded as a service
 * account's JSON key holds it). The checks Google makes on the signed JWT are
 * the ones every stand-in shares (tests/standins/google/google-rules.mjs).
 */
import type { TrustedKey } from './google-rules.mjs';

export { checkAssertion, createTokenEndpoint, googleError, type TrustedKey } from './google-rules.mjs';
export type TrustedKeys = Map<string, TrustedKey>;

export interface ServiceAccountKey {
  keyId: string;
  privateKeyPem: string;
  publicKey: CryptoKey;
}

/** A fresh RS256 key pair, the private key as PKCS#8 PEM. */
export async function makeServiceAccountKey(keyId: string): Promise<ServiceAccountKey> {
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  )) as CryptoKeyPair;
  const pkcs8 = (await crypto.subtle.exportKey('pkcs8', pair.privateKey)) as ArrayBuffer;
  const base64 = btoa(String.fromCharCode(...new Uint8Array(pkcs8)));
  const lines = base64.match(/.{1,64}/g)!.join('\n');
  return {
    keyId,
    publicKey: pair.publicKey,
    privateKeyPem: `-----BEGIN PRIVATE KEY-----\n${lines}\n-----END PRIVATE KEY-----\n`,
  };
}
