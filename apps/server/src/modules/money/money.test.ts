// The money formulas against vectors computed by hand (each written out next to its case), and
// the carry rule and the PPLNS window against exact rationals in bigint (fast-check).
import { COINS } from '@hashpool/shared';
import { LedgerDecimal as Decimal, type DecimalValue } from '../ledger';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterFee,
  blockShareable,
  blockWork,
  creditWithCarry,
  cut,
  dailyEarning,
  expectedBlocks,
  feeAfterReduction,
  feeBeforeReduction,
  feeSaving,
  fppsGross,
  keepFactor,
  pplnsWindow,
  pplnsWindowWork,
  ppsGross,
  soloShare,
  windowShare,
  type DayMarket,
  type PoolBlock,
  type WorkSlice,
} from '.';

const s = (d: Decimal) => d.toFixed();
const plain = (m: Map<string, Decimal>) => Object.fromEntries([...m].map(([k, v]) => [k, v.toFixed()]));

/** A small market: one block takes D x k = 1000 x 1000 = 1,000,000 hashes. */
const SMALL: DayMarket = { networkDifficulty: '1000', hashesPerDifficulty: '1000', blockSubsidy: '3.125', avgFeesPerBlock: '0.025' };
/** PPS and FPPS after the fee, cut to `decimals` (the carry left out). */
const pps = (work: string, market: DayMarket, fee: string, decimals: number) => s(cut(afterFee(ppsGross(work, market), fee), decimals));
const fpps = (work: string, market: DayMarket, fee: string, decimals: number) => s(cut(afterFee(fppsGross(work, market), fee), decimals));

describe('PPS and FPPS (per day)', () => {
  it('work of exactly one block earns the subsidy less the fee under PPS', () => {
    // W = D x k = 1,000,000: one expected block. 3.125 x (1 - 0.025) = 3.125 x 0.975 = 3.046875.
    expect(s(expectedBlocks('1000000', SMALL))).toBe('1');
    expect(pps('1000000', SMALL, '2.5', 6)).toBe('3.046875');
  });

  it('FPPS adds the average fees per block', () => {
    // (3.125 + 0.025) x 0.975 = 3.15 x 0.975 = 3.07125.
    expect(fpps('1000000', SMALL, '2.5', 6)).toBe('3.07125');
  });

  it('is proportional to the work and cut (rounded down) to the coin precision', () => {
    // W = 333,333 hashes: 0.333333 blocks; PPS 0.333333 x 3.125 x 0.975 = 1.015624... -> 1.0156 at 4 decimals.
    expect(pps('333333', SMALL, '2.5', 4)).toBe('1.0156');
    // FPPS: 0.333333 x 3.15 x 0.975 = 1.023748... -> 1.023748 at 6 decimals (1.02374897... cut, not rounded up).
    expect(fpps('333333', SMALL, '2.5', 6)).toBe('1.023748');
    // No work, nothing; no fee, the whole subsidy.
    expect(pps('0', SMALL, '2.5', 6)).toBe('0');
    expect(pps('2000000', SMALL, '0', 6)).toBe('6.25');
  });

  it('a day of 100 TH/s on Bitcoin at difficulty 1.3e14', () => {
    // W = 100e12 H/s x 86,400 s = 8.64e18 hashes. D x k = 1.3e14 x 2^32 = 1.3e14 x 4,294,967,296 = 5.5834574848e23.
    // W / (D x k) = 0.0000154742827782...; PPS: x 3.125 x 0.975 = 0.0000471482053399... -> 0.000047 (6 decimals).
    // FPPS at 4 % with 0.025 BTC fees: x 3.15 x 0.96 = 0.0000467950...; at 8 decimals 0.00004679.
    const btc: DayMarket = { networkDifficulty: '1.3e14', hashesPerDifficulty: 2 ** 32, blockSubsidy: '3.125', avgFeesPerBlock: '0.025' };
    expect(s(blockWork(btc))).toBe('558345748480000000000000');
    expect(expectedBlocks('8.64e18', btc).toSignificantDigits(12).toFixed()).toBe('0.0000154742827782');
    expect(pps('8.64e18', btc, '2.5', 6)).toBe('0.000047');
    expect(pps('8.64e18', btc, '2.5', 10)).toBe('0.0000471482');
    expect(fpps('8.64e18', btc, '4', 8)).toBe('0.00004679');
  });

  it('refuses fee rates outside 0 to 100 and negative work', () => {
    expect(s(keepFactor('0.5'))).toBe('0.995');
    expect(() => keepFactor('100')).toThrow(RangeError);
    expect(() => keepFactor('-1')).toThrow(RangeError);
    expect(() => ppsGross('-1', SMALL)).toThrow(RangeError);
    expect(() => expectedBlocks('1', { networkDifficulty: '0', hashesPerDifficulty: '1' })).toThrow(RangeError);
  });

  it('cut never rounds up', () => {
    expect(s(cut('1.99999999', 4))).toBe('1.9999');
    expect(s(cut('0.00000099', 6))).toBe('0');
  });
});

describe('fee after a reduction (the coupons), and what it saved', () => {
  it('takes the reduction as a percent of the fee', () => {
    // 2.5 x (1 - 20/100) = 2.5 x 0.8 = 2; no reduction leaves the fee; 100 % makes it free.
    expect(s(feeAfterReduction('2.5', '20'))).toBe('2');
    expect(s(feeAfterReduction('2.5'))).toBe('2.5');
    expect(s(feeAfterReduction('2.5', '0'))).toBe('2.5');
    expect(s(feeAfterReduction('2.5', '100'))).toBe('0');
    // 0.5 x (1 - 12.5/100) = 0.5 x 0.875 = 0.4375
    expect(s(feeAfterReduction('0.5', '12.5'))).toBe('0.4375');
  });

  it('holds the reduction to 0..100', () => {
    expect(s(feeAfterReduction('2.5', '150'))).toBe('0');
    expect(s(feeAfterReduction('2.5', '-30'))).toBe('2.5');
  });

  it('gives the full rate back from a reduced one, except after a 100 % reduction', () => {
    // 1.5 / (1 - 40/100) = 1.5 / 0.6 = 2.5
    expect(s(feeBeforeReduction('1.5', '40')!)).toBe('2.5');
    expect(feeBeforeReduction('0', '100')).toBeNull();
  });

  it('saves exactly the difference of the two payments', () => {
    // FPPS 2.5 %, coupon 40 % -> 1.5 %: 3.375 x 0.975 = 3.290625, 3.375 x 0.985 = 3.324375; saved 0.03375.
    const reduced = feeAfterReduction('2.5', '40');
    expect(s(reduced)).toBe('1.5');
    expect(s(feeSaving('3.375', '2.5', reduced))).toBe('0.03375');
    expect(s(afterFee('3.375', reduced).minus(afterFee('3.375', '2.5')))).toBe('0.03375');
    // PPLNS 1 % -> 0.6 % on a 3.375 BTC block: 3.375 x 0.4 / 100 = 0.0135; SOLO 0.5 % -> 0.3 %: 0.00675.
    expect(s(feeSaving('3.375', '1', '0.6'))).toBe('0.0135');
    expect(s(feeSaving('3.375', '0.5', '0.3'))).toBe('0.00675');
  });
});

describe('the daily settlement\'s earning (exact, before the cut)', () => {
  // The settlement test's market: D = 1000, k = 2^32, B = 3.125, F = 0.25; W = D x k is one block.
  const DAY: DayMarket = { networkDifficulty: '1000', hashesPerDifficulty: 2 ** 32, blockSubsidy: '3.125', avgFeesPerBlock: '0.25' };
  const block = String(1000 * 2 ** 32);

  it('prices FPPS and the PPS part of PPS+, gross and after the fee', () => {
    // FPPS at 2.5 %: 1 x (3.125 + 0.25) = 3.375; x 0.975 = 3.290625.
    const fppsDay = dailyEarning(block, 'fpps', DAY, '2.5')!;
    expect([s(fppsDay.gross), s(fppsDay.exact)]).toEqual(['3.375', '3.290625']);
    // PPS+ at 2 %: 1 x 3.125; x 0.98 = 3.0625.
    const ppsDay = dailyEarning(block, 'pps_plus', DAY, '2')!;
    expect([s(ppsDay.gross), s(ppsDay.exact)]).toEqual(['3.125', '3.0625']);
    // A 20 % reduction of the 2.5 % FPPS fee: 3.375 x 0.98 = 3.3075.
    expect(s(dailyEarning(block, 'fpps', DAY, feeAfterReduction('2.5', '20'))!.exact)).toBe('3.3075');
  });

  it('keeps what is below the base unit (the carry cuts it later)', () => {
    // A thousandth of a block: 0.001 x 3.375 x 0.975 = 0.003290625, half a satoshi more than 0.00329062.
    const small = dailyEarning(String(2 ** 32), 'fpps', DAY, '2.5')!;
    expect(s(small.exact)).toBe('0.003290625');
    expect(fpps(String(2 ** 32), DAY, '2.5', 8)).toBe('0.00329062');
    expect(s(dailyEarning(String(2 ** 32), 'pps_plus', DAY, '2')!.exact)).toBe('0.0030625');
  });

  it('is the formulas\' gross', () => {
    expect(s(dailyEarning('333333', 'fpps', SMALL, '2.5')!.gross)).toBe(s(fppsGross('333333', SMALL)));
    expect(s(dailyEarning('333333', 'pps_plus', SMALL, '2.5')!.gross)).toBe(s(ppsGross('333333', SMALL)));
  });

  it('is nothing for the block-based methods', () => {
    expect(dailyEarning(block, 'pplns', DAY, '1')).toBeNull();
    expect(dailyEarning(block, 'solo', DAY, '0.5')).toBeNull();
  });
});

/** Ten-minute points ending at `end`: `works[0]` the newest. */
const T0 = Date.parse('2026-07-01T12:00:00Z');
const point = (back: number, owner: string, work: DecimalValue): WorkSlice => ({ owner, work, start: new Date(T0 - back * 600_000), seconds: 600 });

describe('PPLNS window', () => {
  // Points back from 12:00 (the block at 12:00 exactly): C 50 (11:50), A 20 (11:40), B 30 (11:30), A 40 (11:20).
  const at = new Date(T0);
  const slices: WorkSlice[] = [point(4, 'A', 40), point(3, 'B', 30), point(2, 'A', 20), point(1, 'C', 50)];

  it('takes the newest work first, exactly the window', () => {
    // Window 100: C 50, A 20, B 30 = 100; the oldest A 40 is outside.
    const w = pplnsWindow(slices, 100, at);
    expect(plain(w.credits)).toEqual({ C: '50', A: '20', B: '30' });
    expect(s(w.total)).toBe('100');
  });

  it('counts the oldest point in part', () => {
    // Window 90: C 50, A 20, then 20 of B's 30.
    expect(plain(pplnsWindow(slices, 90, at).credits)).toEqual({ C: '50', A: '20', B: '20' });
    // Window 120: C 50, A 20, B 30, then 20 of the oldest A 40: A = 40.
    expect(plain(pplnsWindow(slices, 120, at).credits)).toEqual({ C: '50', A: '40', B: '30' });
  });

  it('shares the point that crosses the window\'s end in proportion to each owner\'s work in it', () => {
    // Window 80: C 50 (11:50), then 30 of the 11:40 point's A 20 + B 40 = 60: half of each.
    const w = pplnsWindow([point(1, 'C', 50), point(2, 'A', 20), point(2, 'B', 40)], 80, at);
    expect(plain(w.credits)).toEqual({ C: '50', A: '10', B: '20' });
    expect(s(w.total)).toBe('80');
    // A third of each: window 20 of A 30 + B 30, exactly 10 each (multiplied before it is divided).
    expect(plain(pplnsWindow([point(1, 'A', 30), point(1, 'B', 30)], 20, at).credits)).toEqual({ A: '10', B: '10' });
  });

  it('counts the point the block fell in for its part before the block', () => {
    // The block at 12:04 falls in the 12:00 point (its start 0 back): 240 of 600 s, so D's 100 counts 40.
    const w = pplnsWindow([...slices, point(0, 'D', 100)], 1000, new Date(T0 + 240_000));
    expect(plain(w.credits)).toEqual({ D: '40', C: '50', A: '60', B: '30' });
    expect(s(w.total)).toBe('180');
  });

  it('is all the work there is when the pool has less than the window', () => {
    const w = pplnsWindow(slices, 1000, at);
    expect(plain(w.credits)).toEqual({ C: '50', A: '60', B: '30' });
    expect(s(w.total)).toBe('140');
  });

  it('is 2 x D x k hashes', () => {
    // 2 x 1000 x 1000 = 2,000,000.
    expect(s(pplnsWindowWork(SMALL))).toBe('2000000');
  });
});

describe('block shares, exact (what the block settlement credits with the carry)', () => {
  const block = (status: PoolBlock['status'], reward = '6.25', subsidy = '6.25'): PoolBlock => ({ reward, subsidy, status, finder: 'B' });

  it('shares a block over the window work, before and after the fee', () => {
    // 6.25 x 20 / 100 = 1.25; x 0.99 = 1.2375. The fees of PPS+: (3.2 - 3.125) x 30 / 100 = 0.0225; x 0.98 = 0.02205.
    expect(windowShare('6.25', 20, 100, '1')).toEqual({ gross: new Decimal('1.25'), exact: new Decimal('1.2375') });
    expect(windowShare('0.075', 30, 100, '2')).toEqual({ gross: new Decimal('0.0225'), exact: new Decimal('0.02205') });
    // Thirds keep the ledger's 80 significant digits, far below any base unit the cut decides on: 1 x 1 / 3.
    expect(s(windowShare('1', 1, 3, '0').exact)).toBe(`0.${'3'.repeat(80)}`);
    // Nothing to share (a block without fees): zero, still a share.
    expect(s(windowShare('0', 20, 100, '2').exact)).toBe('0');
  });

  it('shares the whole reward (PPLNS) or the fees (PPS+) of a mature block, nothing of another', () => {
    expect(s(blockShareable(block('confirmed', '3.2', '3.125'), 'reward'))).toBe('3.2');
    expect(s(blockShareable(block('confirmed', '3.2', '3.125'), 'fees'))).toBe('0.075');
    // A block without fees (reward = subsidy) adds nothing to PPS+; a pending or orphaned block pays nothing.
    expect(s(blockShareable(block('confirmed', '3.125', '3.125'), 'fees'))).toBe('0');
    expect(s(blockShareable(block('pending'), 'reward'))).toBe('0');
    expect(s(blockShareable(block('orphaned', '3.2', '3.125'), 'fees'))).toBe('0');
  });

  it('pays the SOLO finder the block less the fee, an orphan nothing', () => {
    // 3.15 x 0.995 = 3.13425.
    const confirmed: PoolBlock = { reward: '3.15', subsidy: '3.125', status: 'confirmed', finder: 'B' };
    expect(soloShare(confirmed, '0.5')).toEqual({ gross: new Decimal('3.15'), exact: new Decimal('3.13425') });
    expect(s(soloShare({ ...confirmed, status: 'orphaned' }, '0.5').exact)).toBe('0');
    expect(s(soloShare({ ...confirmed, status: 'pending' }, '0.5').exact)).toBe('0');
  });
});

describe('credits with the carried fraction', () => {
  const Exact = Decimal.clone({ precision: 80 });

  it('pays a home miner every day what its fractions add up to, and keeps nothing', () => {
    // 51.486 satoshis a day (1 TH/s at D = 1.2e14, FPPS 2.5 %): 51, then 51 + 0.972 = 51, then 52 ...
    const daily = '0.00000051486';
    let carry = new Exact(0);
    const credits: string[] = [];
    for (let day = 0; day < 3; day++) {
      const next = creditWithCarry(daily, carry, 8);
      credits.push(s(next.credit));
      carry = new Exact(next.carry);
    }
    expect(credits).toEqual(['0.00000051', '0.00000051', '0.00000052']);
    expect(s(carry)).toBe('0.00000000458');
    // Cutting each day to the 6 decimals BTC shows would have paid 0 every day.
    expect(s(cut(daily, 6))).toBe('0');
  });

  it('adds up exactly: what is credited plus the last carry is what was earned, the carry below one unit', () => {
    const exactAmount = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 30 }))
      .map(([digits, scale]) => new Exact(digits.toString()).div(new Exact(10).pow(scale)).toFixed());
    fc.assert(
      fc.property(fc.array(exactAmount, { maxLength: 40 }), fc.constantFrom(6, 8, 9, 12, 18), (amounts, decimals) => {
        let carry = new Exact(0);
        let credited = new Exact(0);
        for (const amount of amounts) {
          const next = creditWithCarry(amount, carry, decimals);
          expect(next.credit.decimalPlaces()).toBeLessThanOrEqual(decimals);
          expect(next.carry.gte(0) && next.carry.lt(new Exact(10).pow(-decimals))).toBe(true);
          credited = credited.plus(next.credit);
          carry = new Exact(next.carry);
        }
        const earned = amounts.reduce((sum, a) => sum.plus(a), new Exact(0));
        expect(s(credited.plus(carry))).toBe(s(earned));
      }),
    );
  });
});

// One decimal arithmetic: the settlements compute in the ledger's context (80 digits);
// with decimal.js's default 20, 12,345 coins of an 18-decimal coin were credited 47 base units too
// many. The check is against exact rationals in bigint, not against decimal.js itself.
describe('window payments against exact rationals', () => {
  /** floor(n / d) for non-negative bigints. */
  const floorDiv = (n: bigint, d: bigint) => n / d;
  const pow10 = (n: number) => 10n ** BigInt(n);

  it('credits floor(exact) base units over a run of payments, every coin\'s decimals, the carry never leaking a unit', () => {
    const decimalsOfCoins = [...new Set(COINS.map((c) => c.baseDecimals))];
    fc.assert(
      fc.property(
        fc.constantFrom(...decimalsOfCoins),
        fc.array(
          fc.record({
            // a reward up to 100,000 coins in its base unit, work and window as integers, a fee in hundredths of a percent
            reward: fc.bigInt({ min: 1n, max: 100_000n * 10n ** 18n }),
            work: fc.bigInt({ min: 1n, max: 10n ** 24n }),
            extra: fc.bigInt({ min: 0n, max: 10n ** 24n }),
            feeBp: fc.integer({ min: 0, max: 9_999 }), // a fee below 100 % (keepFactor refuses 100)
          }),
          { minLength: 1, maxLength: 12 },
        ),
        (decimals, payments) => {
          let carry: DecimalValue = 0;
          let creditedUnits = 0n;
          // The exact sum of the payments as a rational num / den.
          let num = 0n;
          let den = 1n;
          for (const p of payments) {
            const reward = p.reward % (100_000n * pow10(decimals)) || 1n; // in base units of this coin
            const amount = new Decimal(reward.toString()).div(pow10(decimals).toString());
            const total = p.work + p.extra;
            const share = windowShare(amount.toFixed(), p.work.toString(), total.toString(), (p.feeBp / 100).toString());
            const { credit, carry: next } = creditWithCarry(share.exact, carry, decimals);
            carry = next;
            creditedUnits += BigInt(credit.times(pow10(decimals).toString()).toFixed(0));
            // reward/10^dec x work/total x (10000 - feeBp)/10000
            const n = reward * p.work * BigInt(10_000 - p.feeBp);
            const d = pow10(decimals) * total * 10_000n;
            num = num * d + n * den;
            den = den * d;
          }
          // What was credited is exactly the floor of what was earned, in base units.
          expect(creditedUnits).toBe(floorDiv(num * pow10(decimals), den));
          // The carry is what is left, below one base unit.
          expect(new Decimal(carry).gte(0) && new Decimal(carry).lt(new Decimal(1).div(pow10(decimals).toString()))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('credits 12,345 coins of an 18-decimal coin to the base unit (47 units too many with 20 digits)', () => {
    const share = windowShare('12345', '1', '3', '1');
    const { credit } = creditWithCarry(share.exact, 0, 18);
    // 12345 / 3 x 0.99 = 4073.85 exactly
    expect(credit.toFixed()).toBe('4073.85');
    const odd = creditWithCarry(windowShare('12345.123456789012345678', '7', '9', '2.5').exact, 0, 18).credit;
    // 12345.123456789012345678 x 7/9 x 0.975 = 9361.717621564833...: floor at 18 decimals, from bigint
    const n = 12345123456789012345678n * 7n * 975n;
    const d = 9n * 1000n;
    expect(BigInt(odd.times('1e18').toFixed(0))).toBe(n / d);
  });
});

describe('the PPLNS window against exact rationals', () => {
  /** A rational n / d of bigints, d > 0. */
  type Q = { n: bigint; d: bigint };
  const q = (n: bigint, d = 1n): Q => ({ n, d });
  const add = (a: Q, b: Q): Q => q(a.n * b.d + b.n * a.d, a.d * b.d);
  const mul = (a: Q, b: Q): Q => q(a.n * b.n, a.d * b.d);
  const div = (a: Q, b: Q): Q => q(a.n * b.d, a.d * b.n);
  const lte = (a: Q, b: Q) => a.n * b.d <= b.n * a.d;
  /** A LedgerDecimal as a rational. */
  const ofDecimal = (x: Decimal): Q => {
    const [int, frac = ''] = x.toFixed().split('.');
    return q(BigInt(int! + frac), 10n ** BigInt(frac.length));
  };
  /** |a - b| <= b x 10^-70: the ledger's 80 digits, one rounding at most per owner. */
  const close = (a: Q, b: Q) => {
    const diff = a.n * b.d - b.n * a.d;
    return (diff < 0n ? -diff : diff) * 10n ** 70n <= (b.n < 0n ? -b.n : b.n) * a.d + 1n;
  };

  it('counts each owner\'s work as the window rule says, the total exactly the window when the pool has more, and pays the exact floor', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ back: fc.integer({ min: 0, max: 11 }), owner: fc.constantFrom('A', 'B', 'C', 'D'), work: fc.bigInt({ min: 1n, max: 10n ** 24n }) }), { minLength: 1, maxLength: 30 }),
        fc.bigInt({ min: 1n, max: 10n ** 25n }),
        fc.integer({ min: 1, max: 600_000 }),
        fc.bigInt({ min: 1n, max: 100_000n * 10n ** 8n }),
        fc.integer({ min: 0, max: 9_999 }),
        (raw, size, into, reward, feeBp) => {
          // Several slices of one owner in one point add up.
          const byKey = new Map<string, { back: number; owner: string; work: bigint }>();
          for (const r of raw) {
            const key = `${r.back}:${r.owner}`;
            byKey.set(key, { ...r, work: (byKey.get(key)?.work ?? 0n) + r.work });
          }
          const slices = [...byKey.values()];
          const at = new Date(T0 + into); // in the newest point (0 back), `into` ms after its start
          const window = pplnsWindow(slices.map((r) => point(r.back, r.owner, r.work.toString())), size.toString(), at);
          // The rule, in rationals: the newest point counts into / 600,000 of itself; points newest first.
          const expected = new Map<string, Q>();
          let total = q(0n);
          for (let back = 0; back <= 11; back++) {
            const inPoint = slices.filter((r) => r.back === back).map((r) => ({ owner: r.owner, work: back === 0 ? q(r.work * BigInt(into), 600_000n) : q(r.work) }));
            const pointWork = inPoint.reduce((sum, r) => add(sum, r.work), q(0n));
            if (pointWork.n === 0n) continue;
            const room = add(q(size), q(-total.n, total.d));
            const part = lte(pointWork, room) ? q(1n) : div(room, pointWork);
            for (const r of inPoint) expected.set(r.owner, add(expected.get(r.owner) ?? q(0n), mul(r.work, part)));
            total = add(total, mul(pointWork, part));
            if (lte(q(size), total)) break;
          }
          expect([...window.credits.keys()].sort()).toEqual([...expected.keys()].sort());
          for (const [owner, work] of expected) expect(close(ofDecimal(window.credits.get(owner)!), work)).toBe(true);
          expect(close(ofDecimal(window.total), total)).toBe(true);
          if (lte(q(size), total)) expect(window.total.toFixed()).toBe(size.toString());
          // Each owner's payment of a block over the window, in satoshis: exactly the floor of the
          // rational reward x w / N x (1 - fee), the window's parts never divided before it.
          for (const [owner, work] of expected) {
            const share = windowShare(new Decimal(reward.toString()).div(1e8), window.parts.get(owner)!, window.whole, (feeBp / 100).toString());
            const units = BigInt(creditWithCarry(share.exact, 0, 8).credit.times(1e8).toFixed(0));
            const exact = mul(mul(q(reward), div(work, total)), q(BigInt(10_000 - feeBp), 10_000n));
            expect(units).toBe(exact.n / exact.d);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
