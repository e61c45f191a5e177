// The coupon's arithmetic by hand: the saving recorded from a profit row (the settlement's own fee
// function is exercised end to end by apps/server/test/promotions.int.test.ts).
import { LedgerDecimal as Decimal, type DecimalValue } from '../ledger';
import { describe, expect, it } from 'vitest';
import { randomCouponCode, savingOf } from './coupons.service';

const afterFee = (gross: string, fee: DecimalValue) => new Decimal(gross).times(new Decimal(1).minus(new Decimal(fee).div(100)));

describe('fee coupons', () => {
  it('turns FPPS 2.5 % into 1.5 % with a 40 % coupon, and saves exactly the difference of the two payments', () => {
    const reduced = new Decimal('2.5').times(1 - 0.4);
    expect(reduced.toFixed()).toBe('1.5');
    // One block's work at B + F = 3.375 BTC.
    const full = afterFee('3.375', '2.5'); // 3.290625
    const cut = afterFee('3.375', reduced); // 3.324375
    expect(full.toFixed()).toBe('3.290625');
    expect(cut.toFixed()).toBe('3.324375');
    expect(savingOf('3.375', reduced, '2.5').toFixed()).toBe(cut.minus(full).toFixed()); // 0.03375
  });

  it('makes codes of three groups of four unambiguous characters', () => {
    const codes = new Set(Array.from({ length: 200 }, randomCouponCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
  });
});
