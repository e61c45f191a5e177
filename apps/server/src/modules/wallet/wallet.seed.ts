// Reference data of the wallet: per-coin limits, operator-editable afterwards. (The demo farm's
// earnings come from real settlements of demo history: earnings/earnings.demo.ts.)
import { COINS } from '@hashpool/shared';
import type { Db } from '../../db/client';
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
    // Four-eyes by default: an adjustment or a withdrawal approval above the review
    // threshold needs a second operator; operators change it in the coin settings.
    return { coin: c.code, minWithdraw: min, withdrawFee: fee, maxSingleWithdraw: maxSingle, auditThreshold: audit, fourEyesThreshold: audit };
  });
  await db.insert(walletCoinLimits).values(rows).onConflictDoNothing();
}
