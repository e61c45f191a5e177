// The prices service's rules that need no database: the demo market refuses overrides and
// reports nothing stale, and PRICES_COINGECKO_IDS corrects the built-in CoinGecko ids.
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { coingeckoIds, COINGECKO_IDS, PricesService, type PricesDeps } from './prices.service';

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
