// Reference data of the earnings module, written at every start where missing (operators' later
// edits are kept): the fee rate of every account-mode coin and payout method, and the first day of
// market data of every coin.
import type { PayMethod, PoolItem } from '@hashpool/shared';
import { COINS, SOLO_FEE_PERCENT, utcDay } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { coinsWithMarketData, insertMissingFeeRates, insertMissingMarketDays } from './earnings.repository';
import { seedValues } from './market-data';

/**
 * Percent kept by the pool, as large pools price the risk they carry: FPPS carries the variance
 * of subsidy and fees (its fee is the coin's pool fee of the registry, 2.5 %), PPS+ only of the
 * subsidy, PPLNS none (the miner carries the luck), SOLO the 0.5 % label of docs/rules.md, Limits and constants.
 */
export const DEFAULT_FEE_RATES: Record<PayMethod, string> = { fpps: '2.5', pps_plus: '2', pplns: '1', solo: SOLO_FEE_PERCENT };

/**
 * `pools`: the coin registry (GET /pools), for the FPPS fee and the starting prices. Address-mode
 * coins pay by PPLNS only (block-settlement.service.ts), at the pool fee of the registry.
 */
export async function seedEarnings(db: Db, now: Date, pools: readonly PoolItem[]): Promise<void> {
  const registry = new Map(pools.map((p) => [p.coin, p]));
  const accountCoins = COINS.filter((c) => c.mode === 'account');
  await insertMissingFeeRates(
    db,
    accountCoins.flatMap((c) =>
      (Object.keys(DEFAULT_FEE_RATES) as PayMethod[]).map((method) => ({
        coin: c.code,
        method,
        feeRate: method === 'fpps' ? (registry.get(c.code)?.fee_rate ?? DEFAULT_FEE_RATES.fpps) : DEFAULT_FEE_RATES[method],
        updatedAt: now,
      })),
    ),
  );
  await insertMissingFeeRates(
    db,
    COINS.filter((c) => c.mode === 'address').map((c) => ({ coin: c.code, method: 'pplns' as const, feeRate: registry.get(c.code)?.fee_rate ?? DEFAULT_FEE_RATES.pplns, updatedAt: now })),
  );
  // Only a coin without any day gets the seed day; the job walks on from the last day.
  const known = await coinsWithMarketData(db);
  const day = utcDay(now);
  const rows = COINS.filter((c) => !known.has(c.code)).map((c) => ({ coin: c.code, day, ...seedValues(c, registry.get(c.code)?.price_usd ?? null), source: 'seed', updatedAt: now }));
  await insertMissingMarketDays(db, rows);
}
