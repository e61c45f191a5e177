import { describe, it, expect } from 'vitest';
import { ERRORS, SUCCESS_CODE, errorKeyOf, type ErrorKey } from './errors';

describe('ERRORS', () => {
  it('gives every error a unique non-zero code', () => {
    const codes = Object.values(ERRORS).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).not.toContain(SUCCESS_CODE);
  });

  it('uses HTTP error statuses', () => {
    for (const [key, e] of Object.entries(ERRORS)) {
      expect(e.status, key).toBeGreaterThanOrEqual(400);
      expect(e.status, key).toBeLessThan(600);
    }
  });

  it('answers token_expired with HTTP 400 so the client refreshes its token (docs/rules.md, States and transitions)', () => {
    expect(ERRORS.token_expired.status).toBe(400);
  });
});

describe('errorKeyOf', () => {
  it('finds the key of every code', () => {
    for (const key of Object.keys(ERRORS) as ErrorKey[]) expect(errorKeyOf(ERRORS[key].code)).toBe(key);
  });

  it('is undefined for the success code and unknown codes', () => {
    expect(errorKeyOf(SUCCESS_CODE)).toBeUndefined();
    expect(errorKeyOf(-1)).toBeUndefined();
    expect(errorKeyOf(99999)).toBeUndefined();
  });
});
