// The captcha's PBKDF2 without WebCrypto (plain-http origins) solves what the server's
// altcha-lib creates and verifies, exactly as WebCrypto's does.
import { describe, expect, it } from 'vitest';
import { createChallenge, solveChallenge, verifySolution } from 'altcha-lib';
import { deriveKey as nodeDeriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as webDeriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { nobleDeriveKey } from '../src/features/accounts/lib/altcha-derive';

const SECRET = 'unit-test-hmac-secret';

describe('ALTCHA solving', () => {
  it('derives the same key as WebCrypto', async () => {
    const parameters = { algorithm: 'PBKDF2/SHA-256', nonce: '00', salt: '00', cost: 1000, keyLength: 32, keyPrefix: '00' };
    const salt = new Uint8Array([1, 2, 3, 4]);
    const password = new Uint8Array([5, 6, 7, 8]);
    const [noble, web] = await Promise.all([nobleDeriveKey(parameters, salt, password), webDeriveKey(parameters, salt, password)]);
    expect(Buffer.from(noble.derivedKey).toString('hex')).toBe(Buffer.from(web.derivedKey).toString('hex'));
  });

  it('solves a challenge made like the server makes them, and the solution verifies', async () => {
    // The server's algorithm with a small cost, so the test stays quick.
    const challenge = await createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 50, counter: 40, deriveKey: nodeDeriveKey, hmacSignatureSecret: SECRET });
    for (const deriveKey of [nobleDeriveKey, webDeriveKey]) {
      const solution = await solveChallenge({ challenge, deriveKey });
      expect(solution?.counter).toBe(40);
      expect((await verifySolution({ challenge, solution: solution!, deriveKey: nodeDeriveKey, hmacSignatureSecret: SECRET })).verified).toBe(true);
    }
  });

  it("refuses algorithms other than the server's", async () => {
    await expect(nobleDeriveKey({ algorithm: 'PBKDF2/SHA-512', nonce: '00', salt: '00', cost: 1, keyLength: 32, keyPrefix: '00' }, new Uint8Array(1), new Uint8Array(1))).rejects.toThrow();
  });
});
