// readShareEvent checks by hand what shareEventSchema (zod) describes, for speed: both must accept
// and refuse the same values, whatever a stratum node sends.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareEventSchema } from '@hashpool/shared';
import { checkShare, readShareEvent } from './share-validation';

const NOW = Date.parse('2026-06-01T00:00:00Z');
const anyValue = fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(fc.integer(), { maxLength: 2 }), fc.object({ maxDepth: 1 }));
const field = <T>(likely: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: likely }, { weight: 1, arbitrary: anyValue });

const share = fc.record(
  {
    coin: field(fc.constantFrom('btc', 'BTC', 'kas', 'nope', '', 'x'.repeat(17))),
    account: field(fc.constantFrom('farm1', '', 'a'.repeat(65))),
    address: field(fc.constantFrom('kaspa:qq', '', 'b'.repeat(129))),
    worker: field(fc.constantFrom('w1', 'W1', '', 'x'.repeat(257))),
    difficulty: field(fc.oneof(fc.double({ noNaN: false }), fc.constantFrom('65536', '1.5', '1e3', '-1', '0x10', '1.', ' 1'))),
    result: field(fc.constantFrom('accepted', 'rejected', 'stale', 'ok')),
    reason: field(fc.constantFrom('low difficulty', 'r'.repeat(65))),
    ip: field(fc.constantFrom('10.0.0.1', 'i'.repeat(65))),
    time: field(fc.oneof(fc.integer(), fc.double(), fc.constant(NOW), fc.constant(2 ** 53))),
    extra: anyValue,
  },
  { requiredKeys: [] },
);

describe('readShareEvent', () => {
  it('accepts and refuses exactly what shareEventSchema does', () => {
    fc.assert(
      fc.property(fc.oneof(share, anyValue), (raw) => {
        expect(readShareEvent(raw) !== null).toBe(shareEventSchema.safeParse(raw).success);
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('checkShare', () => {
  const good = { coin: 'btc', account: 'farm1', worker: 'w1', difficulty: 65536, result: 'accepted', ip: '10.0.0.1', time: NOW };
  it('turns a good share into work and refuses bad ones by reason', () => {
    expect(checkShare(good, NOW)).toEqual({ coin: 'btc', ownerKind: 'account', owner: 'farm1', worker: 'w1', work: 65536 * 2 ** 32, result: 'accepted', ip: '10.0.0.1', time: NOW });
    expect(checkShare({ ...good, extra: 1 }, NOW)).toBe('malformed');
    expect(checkShare({ ...good, coin: 'nope' }, NOW)).toBe('unknown_coin');
    expect(checkShare({ ...good, address: 'x' }, NOW)).toBe('mode_mismatch');
    // Address mode: the address must have its coin's format.
    const aleo = { ...good, coin: 'aleo', account: undefined, address: 'aleo1rhgdu77hgyqd3xjj8ucu3jj9r2krwz6mnzyd80gncr5fxcwlh5rsvzp9px' };
    expect(checkShare(aleo, NOW)).toMatchObject({ coin: 'aleo', ownerKind: 'address', owner: aleo.address });
    expect(checkShare({ ...aleo, address: 'aleo1short' }, NOW)).toBe('bad_address');
    expect(checkShare({ ...good, worker: 'W1' }, NOW)).toBe('bad_worker_name');
    expect(checkShare({ ...good, difficulty: '0' }, NOW)).toBe('bad_difficulty');
    // Finite, but Infinity once multiplied by 2^32 (or over MAX_SHARE_WORK): an Infinity in a PPLNS
    // window made every payout of the block NaN.
    expect(checkShare({ ...good, difficulty: 1e308 }, NOW)).toBe('bad_difficulty');
    expect(checkShare({ ...good, difficulty: '1e300' }, NOW)).toBe('bad_difficulty');
    expect(checkShare({ ...good, difficulty: 1e21 }, NOW)).toBe('bad_difficulty');
    expect(checkShare({ ...good, difficulty: 1e20 }, NOW)).toMatchObject({ work: 1e20 * 2 ** 32 });
    expect(checkShare({ ...good, time: NOW - 61 * 60_000 }, NOW)).toBe('bad_time');
    expect(checkShare({ ...good, time: NOW + 3 * 60_000 }, NOW)).toBe('bad_time');
  });
});
