// Deposits: the sub-account's deposit address per coin (made once by the chain adapter) and the
// deposits seen on it. The processor (withdrawal-processor.ts) credits them when confirmed.
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { ChainAdapter } from './chain';
import type { CoinLimits } from './coin-limits.service';
import { depositView } from './wallet.presenter';
import * as repo from './wallet.repository';


export class DepositsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly chain: ChainAdapter,
    private readonly limits: CoinLimits,
  ) {}

  async address(accountId: string, coin: string) {
    const limits = await this.limits.of(coin);
    if (!limits.depositEnabled) throw new AppError('deposit_disabled');
    const existing = await repo.findDepositAddress(this.db, accountId, coin);
    if (existing) return { coin, address: existing.address, confirmations: limits.depositConfirmations };
    const address = await this.chain.depositAddress(coin, accountId);
    await repo.insertDepositAddress(this.db, { accountId, coin, address, createdAt: this.clock.now() });
    // A concurrent first request may have stored its own: the one stored is the address.
    const row = await repo.findDepositAddress(this.db, accountId, coin);
    return { coin, address: row!.address, confirmations: limits.depositConfirmations };
  }

  async list(accountId: string, coin: string | undefined, page: number, pageSize: number) {
    const { rows, total } = await repo.pageDeposits(this.db, accountId, coin, (page - 1) * pageSize, pageSize);
    return { list: rows.map(depositView), total };
  }
}
