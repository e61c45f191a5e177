import { describe, expect, it } from 'vitest';
import { bearerToken } from './bearer';

describe('bearerToken', () => {
  it('reads the scheme case-insensitively (RFC 9110 §11.1)', () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) expect(bearerToken(`${scheme} abc.def-123`)).toBe('abc.def-123');
    expect(bearerToken('Bearer   spaced  ')).toBe('spaced');
  });
  it('refuses other schemes, a missing token and a token with spaces', () => {
    for (const header of [undefined, '', 'Basic abc', 'Bearer', 'Bearer ', 'Bearerabc', 'Bearer a b', 'Token abc']) expect(bearerToken(header)).toBeNull();
  });
});
