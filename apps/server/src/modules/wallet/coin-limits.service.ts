// Each coin's wallet limits (wallet_coin_limits, set by operators): minimum withdrawal, fee, the
// single maximum a withdrawal part may be, the review threshold, and whether withdrawals and
// deposits are open.
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { plain } from './wallet.presenter';
import * as repo from './wallet.repository';

export class CoinLimits {
  constructor(private readonly db: Db) {}

  /** The coin's limits; coin_not_found for a coin the wallet does not hold. */
  async of(coin: string): Promise<repo.LimitsRow> {
    const row = await repo.coinLimits(this.db, coin);
    if (!row) throw new AppError('coin_not_found');
    return row;
  }

  all(): Promise<repo.LimitsRow[]> {
    return repo.allCoinLimits(this.db);
  }

  /** Each coin's minimum withdrawal (address mining pays its addresses from it). */
  async minWithdrawals(): Promise<Map<string, string>> {
    return new Map((await this.all()).map((l) => [l.coin, plain(l.minWithdraw)]));
  }
}
