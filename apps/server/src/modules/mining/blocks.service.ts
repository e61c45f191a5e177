// Blocks and the network: stratum nodes report found blocks, their confirmations (mature at the
// coin's maturity), orphans, and the network difficulty. Effort (luck) is the pool's accepted work
// for the coin since its previous block over the work one block takes on average
// (difficulty x hashes per difficulty), measured on the 10-minute points.
import { coinBaseDecimals, coinMaturity, COINS, findCoin, INACTIVE_AFTER_MS, isValidMiningAddress, type BlockEvent, type BlockStatus } from '@hashpool/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { AccountDirectory } from '../accounts';
import * as repo from './blocks.repository';
import type { BlockRow } from './blocks.repository';
import { blockView } from './mining.presenter';
import { POINT_SECONDS } from './share-aggregate';

/**
 * What the earnings module's chain check made of matured blocks, by block id: `held` (its reward did
 * not check out on the wallet node; nothing paid yet) or `void` (an operator gave it up). Blocks
 * not in the answer are as their confirmations say.
 */
export type BlockReviews = (ids: readonly number[]) => Promise<Map<number, 'held' | 'void'>>;

/**
 * How far ahead of the server's clock a `found` event's time may be. The time ends the block's
 * PPLNS window and the block settles only once that window's late shares are in
 * (earnings/block-window.ts, windowSettlesAt): a block stamped hours or years ahead would wait
 * unpaid that long, or for ever. A stratum with a synchronised clock reports the moment it
 * submitted the block; 10 minutes leave room for clocks a little apart. A time further ahead is
 * taken as the server's now: the block is real (its coins reach the wallet), so it is recorded, and
 * the chain check at settlement holds it if the chain's time differs too much.
 */
export const MAX_FOUND_AHEAD_MS = 10 * 60_000;

/** The finder of a block whose sub-account or address the pool could not resolve: no account id or address is empty. */
const UNKNOWN_FINDER = '';

export class BlocksService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly accounts: AccountDirectory,
    private readonly reviews: BlockReviews,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async effort(coin: string, difficulty: number, foundAt: Date): Promise<number | null> {
    const factor = findCoin(coin)?.hashesPerDifficulty ?? 1;
    const previous = await repo.previousBlockTime(this.db, coin, foundAt);
    if (!previous) return null; // the pool's first block: no start to measure from
    return (await repo.poolWorkBetween(this.db, coin, previous, foundAt)) / (difficulty * factor);
  }

  async record(events: BlockEvent[]): Promise<{ recorded: number; refused: number }> {
    let recorded = 0;
    let refused = 0;
    for (const event of events) {
      // Hashes are hex or bech32, both case-insensitive: one spelling, or the same block sent again
      // in capitals would be a second block, confirmed and paid a second time.
      const e = 'hash' in event ? { ...event, hash: event.hash.toLowerCase() } : event;
      const coin = findCoin(e.coin);
      if (!coin) {
        refused++;
        continue;
      }
      if (e.type === 'found') {
        // The reward enters the ledger when the block matures, which holds whole base units only:
        // a reward finer than the coin's (a tenth of a satoshi) is refused here, not left to stop
        // every later settlement. So is a reward of nothing: the ledger posts no zero entry, and
        // such a block would be retried at every settlement, holding the later ones behind it.
        if ((e.reward.split('.')[1]?.replace(/0+$/, '').length ?? 0) > coinBaseDecimals(coin.code) || /^0+(\.0+)?$/.test(e.reward)) {
          refused++;
          continue;
        }
        // A time in the future (a stratum's clock far off) would keep the block from ever settling.
        const ahead = e.time > this.clock.now().getTime() + MAX_FOUND_AHEAD_MS;
        if (ahead) this.log.warn({ coin: coin.code, height: e.height, hash: e.hash, time: new Date(e.time).toISOString() }, 'found block time ahead of the server\'s clock: recorded at the server\'s time (check the stratum server\'s clock)');
        // An address-mode block's finder is its address, which must have the coin's format (as a share's must).
        // A finder the pool cannot resolve (a sub-account name a stratum let through while the pool
        // was unreachable at login, say) still found a real block whose coins reach the pool's
        // wallet: it is recorded with no finder (UNKNOWN_FINDER) and paid as a pool block, over the
        // window, never to a SOLO finder. Refusing it left the coins unlisted and unpaid.
        const owner = coin.mode === 'account' ? (e.account ? await this.accounts.idByName(e.account) : undefined) : e.address && isValidMiningAddress(coin.code, e.address) ? e.address : undefined;
        const foundAt = ahead ? this.clock.now() : new Date(e.time);
        const effort = await this.effort(coin.code, e.difficulty, foundAt);
        if (await repo.insertBlock(this.db, { coin: coin.code, height: e.height, hash: e.hash, reward: e.reward, finderOwner: owner ?? UNKNOWN_FINDER, finderWorker: e.worker, foundAt, networkDifficulty: e.difficulty, effort })) {
          recorded++;
          // Once per block (a re-sent event records nothing): a stratum letting every name through,
          // or an engine sending the wrong field for the coin's mode, shows here.
          if (!owner) this.log.warn({ coin: coin.code, height: e.height, hash: e.hash, account: e.account, address: e.address }, 'found block of a finder the pool does not know: recorded as a pool block');
        }
      } else if (e.type === 'confirmations') {
        if (await repo.confirmBlock(this.db, coin.code, e.hash, e.confirmations, coinMaturity(coin.code))) recorded++;
      } else if (e.type === 'orphaned') {
        if (await repo.orphanBlock(this.db, coin.code, e.hash)) recorded++;
      } else if (await repo.insertNetworkReport(this.db, { coin: coin.code, at: new Date(e.time), difficulty: e.difficulty, height: e.height })) {
        recorded++;
      }
    }
    return { recorded, refused };
  }

  /** The pool's blocks of a coin, newest first; or only those a sub-account (or address) found. */
  async list(coin: string, page: number, pageSize: number, finder?: string) {
    const c = findCoin(coin);
    if (!c) throw new AppError('coin_not_found');
    const { rows, total } = await repo.pageBlocks(this.db, c.code, (page - 1) * pageSize, pageSize, finder);
    const [names, reviews] = await Promise.all([
      this.accounts.namesByIds(rows.map((b) => b.finderOwner).filter((o) => /^[0-9a-f-]{36}$/.test(o))),
      this.reviews(rows.filter((b) => b.status !== 'orphaned').map((b) => b.id)),
    ]);
    return { list: rows.map((b) => blockView(b, names.get(b.finderOwner), reviews.get(b.id))), total };
  }

  /** Network hashrate (difficulty x hashes per difficulty / block time), the last report of each point, carried forward. */
  async networkSeries(coin: string, range: '24h' | '30d') {
    const c = findCoin(coin);
    if (!c) throw new AppError('coin_not_found');
    const resolution = range === '24h' ? POINT_SECONDS : 3600;
    const step = resolution * 1000;
    const now = this.clock.now().getTime();
    const end = now - (now % step);
    const start = end - (range === '24h' ? 24 * 3600_000 : 30 * 24 * 3600_000);
    const rows = await repo.networkReportsSince(this.db, c.code, new Date(start - 24 * 3600_000));
    const points = [];
    let i = 0;
    let last: number | null = null;
    for (let t = start; t < end; t += step) {
      while (i < rows.length && rows[i]!.at.getTime() < t + step) last = rows[i++]!.difficulty;
      points.push({ time: new Date(t).toISOString(), hashrate: last === null ? 0 : (last * c.hashesPerDifficulty) / c.blockTimeSeconds, reject_rate: 0 });
    }
    return { resolution, points };
  }

  /** The coin's network difficulty stratum nodes last reported (ALEO: the proof target). */
  async latestDifficulty(coin: string): Promise<number | null> {
    return (await repo.latestDifficulty(this.db, coin)) ?? null;
  }

  async coinPages() {
    const now = this.clock.now().getTime();
    const [pools, latest, found] = await Promise.all([
      repo.poolFigures(this.db, new Date(now - INACTIVE_AFTER_MS)),
      repo.latestDifficulties(this.db),
      repo.blockFigures(this.db, new Date(now - 24 * 3600_000)),
    ]);
    return COINS.map((c) => {
      const p = pools.find((x) => x.coin === c.code);
      const d = latest.find((x) => x.coin === c.code);
      const f = found.find((x) => x.coin === c.code);
      return {
        coin: c.code,
        pool_hashrate: p?.hashrate ?? 0,
        network_difficulty: d ? Number(d.difficulty) : null,
        network_hashrate: d ? (Number(d.difficulty) * c.hashesPerDifficulty) / c.blockTimeSeconds : null,
        active_workers: p?.workers ?? 0,
        active_miners: p?.miners ?? 0,
        blocks_24h: Number(f?.n ?? 0),
        last_block_time: f?.last ? new Date(f.last).toISOString() : null,
      };
    });
  }

  /** A page of the coins' blocks by id from `fromId` on (id and status), for a reader that keeps its place. */
  idsFrom(coins: readonly string[], fromId: number, limit: number, db: DbOrTx = this.db): Promise<Array<{ id: number; status: BlockStatus }>> {
    return repo.blockIdsFrom(db, coins, fromId, limit);
  }

  /** The blocks of `ids`, in the order of `ids` (unknown ids left out). */
  async byIds(ids: readonly number[], db: DbOrTx = this.db): Promise<BlockRow[]> {
    const byId = new Map((await repo.blocksByIds(db, ids)).map((b) => [b.id, b]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}
