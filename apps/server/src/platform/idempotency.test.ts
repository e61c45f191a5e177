// The client's Idempotency-Key rule: what a route's headers schema takes and what it refuses.
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@hashpool/shared';
import { idempotencyHeaders } from './idempotency';

const accepts = (key: string) => idempotencyHeaders.safeParse({ [IDEMPOTENCY_HEADER]: key }).success;

describe('idempotencyHeaders', () => {
  it('takes a client-made key of 8 to 100 characters', () => {
    expect(accepts('3f2b8c1e-6d4a-4f0b-9a7e-2c5d8e1f0a3b')).toBe(true);
    expect(accepts('retry.1:a_b')).toBe(true);
    expect(accepts('x'.repeat(100))).toBe(true);
    expect(accepts('short')).toBe(false);
    expect(accepts('x'.repeat(101))).toBe(false);
    expect(accepts('with space1')).toBe(false);
  });

  it('refuses the daily payout’s own keys (`payout:` in any case), but not keys that merely contain it', () => {
    expect(accepts('payout:2026-06-04:btc')).toBe(false);
    expect(accepts('PAYOUT:2026-06-04:btc')).toBe(false);
    expect(accepts('Payout:2026-06-04:btc')).toBe(false);
    expect(accepts('payout-2026-06-04-btc')).toBe(true);
    expect(accepts('my-payout:2026-06-04:btc')).toBe(true);
  });
});
