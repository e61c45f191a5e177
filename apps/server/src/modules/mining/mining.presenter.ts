// The mining module's answers shaped from its rows: a worker as the pool pages list it, a block as
// the public block list shows it, a coin's stratum endpoints as the pool pages show them.
import { coinMaturity, shortAddress, STRATUM_USERNAME_FORMAT, type MinerRow, type PoolStratum, type WorkerStatus } from '@hashpool/shared';
import type { StratumEndpointRow } from './stratum.repository';
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

/**
 * A block of the public list; the finder is a masked sub-account name or a shortened address. A
 * matured block the chain check held or an operator voided shows that instead of confirmed.
 */
export function blockView(b: BlockRow, accountName: string | undefined, review?: 'held' | 'void') {
  return {
    height: b.height,
    hash: b.hash,
    reward: b.reward.replace(/\.?0+$/, ''),
    finder: accountName ? maskName(accountName) : shortAddress(b.finderOwner),
    time: b.foundAt.toISOString(),
    confirmations: b.confirmations,
    maturity: coinMaturity(b.coin),
    status: review ?? b.status,
    effort: b.effort,
  };
}

const stratumHints = { username_format: STRATUM_USERNAME_FORMAT, password_ignored: true };

/** A coin's live stratum endpoints, one per URL (several processes behind one load balancer announce the same URL): the most recent announcement's difficulties. */
export function liveStratumView(coin: string, network: PoolStratum['network'], rows: StratumEndpointRow[]): PoolStratum {
  const byUrl = new Map<string, StratumEndpointRow>();
  for (const row of rows) {
    const seen = byUrl.get(row.url);
    if (!seen || row.lastSeen > seen.lastSeen) byUrl.set(row.url, row);
  }
  const endpoints = [...byUrl.values()]
    .sort((a, b) => a.startDifficulty - b.startDifficulty || a.url.localeCompare(b.url))
    .map((r) => ({ url: r.url, tls: r.url.startsWith('stratum+ssl:'), start_difficulty: r.startDifficulty, min_difficulty: r.minDifficulty, max_difficulty: r.maxDifficulty }));
  return { coin, network, endpoints, source: 'announced', ...stratumHints };
}

/** The operator's configured URLs of the coin (STRATUM_PUBLIC_URLS), or none. */
export function configuredStratumView(coin: string, network: PoolStratum['network'], urls: string[]): PoolStratum {
  const endpoints = urls.map((url) => ({ url, tls: url.startsWith('stratum+ssl:'), start_difficulty: null, min_difficulty: null, max_difficulty: null }));
  return { coin, network, endpoints, source: endpoints.length > 0 ? 'configured' : 'none', ...stratumHints };
}
