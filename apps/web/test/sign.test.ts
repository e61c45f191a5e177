// The request signature: HMAC-SHA256 as RFC 4231 defines it, over the shared canonical string.
import { describe, expect, it } from 'vitest';
import { canonicalSignString, SIGN_HEADERS } from '@hashpool/shared';
import { hmacSha256Hex, randomNonce, signatureHeaders } from '../src/shell/api/sign';

describe('request signature', () => {
  it('computes HMAC-SHA256 (RFC 4231 test case 2)', () => {
    expect(hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('makes 16-byte hex nonces that do not repeat', () => {
    const nonce = randomNonce();
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(randomNonce()).not.toBe(nonce);
  });

  it('signs the parameters with the timestamp in seconds and the nonce it sends', () => {
    const headers = signatureHeaders('key-of-at-least-16', { page: '2', keys: 'a,b' }, 1_700_000_000_999);
    const timestamp = headers[SIGN_HEADERS.timestamp]!;
    const nonce = headers[SIGN_HEADERS.nonce]!;
    expect(timestamp).toBe('1700000000');
    const expected = hmacSha256Hex('key-of-at-least-16', canonicalSignString({ page: '2', keys: 'a,b', timestamp, nonce }));
    expect(headers[SIGN_HEADERS.signature]).toBe(expected);
  });
});
