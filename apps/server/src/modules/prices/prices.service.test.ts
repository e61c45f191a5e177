// The prices service's rules that need no database: the demo market refuses overrides and
// reports nothing stale, PRICES_COINGECKO_IDS corrects the built-in CoinGecko ids, a feed value
// is stored only when numeric(38,18) holds it above 0, and a move beyond MAX_PRICE_JUMP is a jump.
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { coingeckoIds, COINGECKO_IDS, isPriceJump, MAX_PRICE_JUMP, PricesService, storableValue, type PricesDeps } from './prices.service';

const demo = () =>
  new PricesService(
    // The demo market answers these without the database.
    undefined as never,
    new FakeClock('2026-06-01T00:00:00Z'),
    { source: 'demo', staleMs: 30 * 60_000, pollSeconds: 300, ids: coingeckoIds(undefined) },
    null,
    {} as PricesDeps,
  );

describe('prices with the demo market', () => {
  it('refuses an override with a message naming the setting', async () => {
    await expect(demo().override('u', 'coin', 'btc', '1', 'why')).rejects.toSatisfy((e) => e instanceof AppError && e.key === 'price_override_demo');
  });

  it('has nothing stale, no day price of its own, and does not poll', async () => {
    const s = demo();
    expect([...(await s.staleCoins())]).toEqual([]);
    expect(await s.dayPrice('btc', '2026-06-01')).toBeUndefined();
    expect(await s.poll()).toBe(0);
    expect(await s.alertIfStale()).toEqual([]);
  });
});

describe('CoinGecko ids', () => {
  it('maps every coin by default and takes corrections', () => {
    const ids = coingeckoIds('pmeer=qitmeer,new-coin=new-id');
    expect(ids.get('btc')).toBe('bitcoin');
    expect(ids.get('pmeer')).toBe('qitmeer');
    expect(ids.get('new-coin')).toBe('new-id');
    expect(Object.keys(COINGECKO_IDS)).toHaveLength(26);
  });
});

describe('feed values', () => {
  it('are stored as numeric(38,18) holds them: above 0 after rounding to 18 decimals, fewer than 21 integer digits', () => {
    expect(storableValue('67187.33')).toBe('67187.33');
    expect(storableValue('0.0000000000000000005')).toBe('0.000000000000000001');
    expect(storableValue('0.0000000000000000004')).toBeNull();
    expect(storableValue('0')).toBeNull();
    expect(storableValue('-1')).toBeNull();
    expect(storableValue('99999999999999999999.5')).toBe('99999999999999999999.5');
    expect(storableValue('100000000000000000000')).toBeNull();
    expect(storableValue('Infinity')).toBeNull();
    expect(storableValue('NaN')).toBeNull();
  });

  it(`move at most ${MAX_PRICE_JUMP}x either way from the stored quote`, () => {
    expect(MAX_PRICE_JUMP).toBe(3);
    expect(isPriceJump('100', '300')).toBe(false);
    expect(isPriceJump('100', '300.0001')).toBe(true);
    expect(isPriceJump('300', '100')).toBe(false);
    expect(isPriceJump('300', '99.9999')).toBe(true);
    expect(isPriceJump('0.000001', '0.0000011')).toBe(false);
  });
});
