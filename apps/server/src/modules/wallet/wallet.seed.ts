// Reference data of the wallet (per-coin limits, operator-editable afterwards) and, for the demo
// start only, a week of demo mining earnings for the demo farm so its wallet is not empty. The
// earnings issue replaces the latter with real settlements of the simulator's blocks.
import Decimal from 'decimal.js';
import { inArray } from 'drizzle-orm';
import { COINS } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { miningAccounts } from '../accounts/accounts.tables';
import { DEMO_ACCOUNTS } from '../accounts/accounts.seed';
import { post, SYSTEM } from './ledger';
import { simulatedIncoming } from './chain';
import { walletCoinLimits } from './wallet.tables';

/** Minimum, fee, single maximum and audit threshold, in coins; roughly what large pools use. */
const LIMITS: Record<string, [min: string, fee: string, maxSingle: string, audit: string]> = {
  btc: ['0.001', '0.0002', '5', '10'],
  ltc: ['0.01', '0.001', '500', '1000'],
  doge: ['50', '5', '2000000', '5000000'],
  eth: ['0.05', '0.005', '200', '500'],
  xmr: ['0.05', '0.001', '500', '1000'],
  zec: ['0.05', '0.001', '500', '1000'],
};
const DEFAULT_LIMITS: [string, string, string, string] = ['1', '0.1', '1000000', '2000000'];

export async function seedWalletLimits(db: Db): Promise<void> {
  const rows = COINS.map((c) => {
    const [min, fee, maxSingle, audit] = LIMITS[c.code] ?? DEFAULT_LIMITS;
    return { coin: c.code, minWithdraw: min, withdrawFee: fee, maxSingleWithdraw: maxSingle, auditThreshold: audit };
  });
  await db.insert(walletCoinLimits).values(rows).onConflictDoNothing();
}

/** Demo earnings: 7 daily mining-profit postings per demo account, paid from the simulated chain. */
export async function seedDemoEarnings(db: Db, now: Date): Promise<void> {
  const accounts = await db.select().from(miningAccounts).where(inArray(miningAccounts.name, DEMO_ACCOUNTS));
  const daily: Record<string, [coin: string, amount: string]> = { demofarm01: ['btc', '0.00412'], demofarm02: ['ltc', '0.0873'] };
  for (const account of accounts) {
    const [coin, amount] = daily[account.name] ?? ['btc', '0.001'];
    for (let day = 7; day >= 1; day--) {
      const key = `demo:earnings:${account.id}:${day}`;
      const at = new Date(now.getTime() - day * 86_400_000);
      const { replayed } = await post(
        db,
        { idempotencyKey: key, businessType: 'mining_profit', reference: `demo:day-${day}`, memo: { demo: 'true' }, entries: [{ holder: SYSTEM.chain, coin, amount: new Decimal(amount).neg().toFixed() }, { holder: account.id, coin, amount }] },
        at,
      );
      // The coins arrive in the simulated chain's book too, so custody reconciles.
      if (!replayed) await simulatedIncoming(db, at, coin, 'sim-pool-coinbase', amount);
    }
  }
}
