// PBKDF2 for the ALTCHA solver without WebCrypto. Apart from captcha.ts so the unit tests can
// solve a real challenge with it (apps/web/test/altcha-derive.test.ts).
import type { ChallengeParameters, DeriveKeyFunctionResult } from 'altcha-lib';
import { pbkdf2Async } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * WebCrypto's PBKDF2 exists only on secure origins (https, localhost). A pool reached over plain
 * http on a LAN still gets through the captcha with the same derivation in JavaScript, slower.
 * Only SHA-256, the server's algorithm: SHA-384/512 would drag their code into the chunk the
 * request signature (SHA-256, first screen) shares with us.
 */
export async function nobleDeriveKey(parameters: ChallengeParameters, salt: Uint8Array, password: Uint8Array): Promise<DeriveKeyFunctionResult> {
  if (parameters.algorithm !== 'PBKDF2/SHA-256') throw new Error(`Unsupported algorithm ${parameters.algorithm}`);
  const derivedKey = await pbkdf2Async(sha256, password, salt, { c: parameters.cost, dkLen: parameters.keyLength ?? 32 });
  return { parameters: {}, derivedKey };
}
