// The user's mining overview (the /user/mining page): per sub-account of the user and account-mode
// coin it mines or earned, the current hashrate and workers (the mining module's account stats)
// and what yesterday's settlement and matured blocks credited (the profits tables, as the profits
// page reads them).
import { addDays, utcDay } from '@hashpool/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { AccountDirectory } from '../accounts';
import type { MiningApi } from '../mining';
import { miningOverviewView } from './earnings.presenter';
import { ACCOUNT_COINS } from './earnings.service';
import { earnedTotalsOf } from './profits.repository';

export interface MiningOverviewDeps {
  accounts: Pick<AccountDirectory, 'accountIdsOf' | 'namesByIds'>;
  workers: Pick<MiningApi['workers'], 'accountStatsOf'>;
}

export class MiningOverviewService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: MiningOverviewDeps,
  ) {}

  async overview(userId: string) {
    const yesterday = addDays(utcDay(this.clock.now()), -1);
    const ids = await this.deps.accounts.accountIdsOf(userId);
    const names = await this.deps.accounts.namesByIds(ids);
    const accounts = ids.map((id) => ({ id, name: names.get(id) ?? '' })).sort((a, b) => a.name.localeCompare(b.name));
    // Two grouped reads for every (sub-account, coin) pair at once, not two reads per pair: with
    // 200 sub-accounts and 20 account-mode coins that was 8,000 queries per request, queued on a
    // pool of ten connections.
    const coins = ACCOUNT_COINS.map((c) => c.code);
    const [stats, earned] = await Promise.all([this.deps.workers.accountStatsOf(ids, coins), earnedTotalsOf(this.db, ids, coins, yesterday)]);
    const rows = accounts.flatMap((account) =>
      coins.map((coin) => {
        const s = stats.get(account.id)!.get(coin)!;
        const e = earned.get(account.id)?.get(coin);
        // A coin the sub-account never mined nor earned is left out.
        if (s.workers.total === 0 && e?.total == null) return null;
        return miningOverviewView(account.name, coin, s, e?.yesterday ?? null);
      }),
    );
    return { list: rows.filter((r) => r !== null) };
  }
}
