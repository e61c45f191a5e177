// The mining module's answers shaped from its rows: a worker as the pool pages list it, a block as
// the public block list shows it.
import { coinMaturity, shortAddress, type MinerRow, type WorkerStatus } from '@hashpool/shared';
import type { WorkerRow, StatusTimes } from './workers.repository';
import type { BlockRow } from './blocks.repository';

export function workerStatus(lastShareAt: Date, times: StatusTimes): WorkerStatus {
  return lastShareAt >= times.inactiveFrom ? 'active' : lastShareAt >= times.deadFrom ? 'inactive' : 'dead';
}

export function minerRow(w: WorkerRow, times: StatusTimes): MinerRow {
  return {
    id: w.id,
    worker_name: w.name,
    group_id: w.groupId,
    status: workerStatus(w.lastShareAt, times),
    accept_15m: { value: w.hashrate15m },
    accept_1h: { value: w.hashrate1h },
    accept_24h: { value: w.hashrate24h },
    reject_rate: w.rejectRate,
    last_share_time: w.lastShareAt.toISOString(),
    last_ip: w.lastIp,
    accepted_shares: w.acceptedShares,
  };
}

/** "de***01" for sub-account names on public pages. */
export function maskName(name: string): string {
  return name.length <= 4 ? `${name[0] ?? ''}***` : `${name.slice(0, 2)}***${name.slice(-2)}`;
}

/** A block of the public list; the finder is a masked sub-account name or a shortened address. */
export function blockView(b: BlockRow, accountName: string | undefined) {
  return {
    height: b.height,
    hash: b.hash,
    reward: b.reward.replace(/\.?0+$/, ''),
    finder: accountName ? maskName(accountName) : shortAddress(b.finderOwner),
    time: b.foundAt.toISOString(),
    confirmations: b.confirmations,
    maturity: coinMaturity(b.coin),
    status: b.status,
    effort: b.effort,
  };
}
