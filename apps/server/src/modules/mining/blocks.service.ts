// Blocks and the network: stratum nodes report found blocks, their confirmations (mature at the
// coin's maturity), orphans, and the network difficulty. Effort (luck) is the pool's accepted work
// for the coin since its previous block over the work one block takes on average
// (difficulty x hashes per difficulty), measured on the 10-minute points.
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { coinBaseDecimals, coinMaturity, COINS, findCoin, shortAddress, type BlockEvent, INACTIVE_AFTER_MS } from '@hashpool/shared';
import { queryRows, type Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { miningAccounts } from '../accounts/accounts.tables';
import { blocks, networkStats, workers } from './mining.tables';
import { POINT_SECONDS } from './share-aggregate';

/** "de***01" for sub-account names on public pages. */
export function maskName(name: string): string {
  return name.length <= 4 ? `${name[0] ?? ''}***` : `${name.slice(0, 2)}***${name.slice(-2)}`;
}

export class BlocksService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private async effort(coin: string, difficulty: number, foundAt: Date): Promise<number | null> {
    const factor = findCoin(coin)?.hashesPerDifficulty ?? 1;
    const [prev] = await this.db.select({ at: blocks.foundAt }).from(blocks).where(and(eq(blocks.coin, coin), sql`${blocks.foundAt} < ${foundAt.toISOString()}::timestamptz`)).orderBy(desc(blocks.foundAt)).limit(1);
    if (!prev) return null; // the pool's first block: no start to measure from
    const [row] = await queryRows<{ work: number | null }>(
      this.db,
      sql`select sum(accepted_work) as work from pool_history where coin = ${coin} and resolution = ${POINT_SECONDS}
          and bucket >= ${prev.at.toISOString()}::timestamptz and bucket < ${foundAt.toISOString()}::timestamptz`,
    );
    return Number(row?.work ?? 0) / (difficulty * factor);
  }

  async record(events: BlockEvent[]): Promise<{ recorded: number; refused: number }> {
    let recorded = 0;
    let refused = 0;
    for (const e of events) {
      const coin = findCoin(e.coin);
      if (!coin) {
        refused++;
        continue;
      }
      if (e.type === 'found') {
        // The reward enters the ledger when the block matures, which holds whole base units only:
        // a reward finer than the coin's (a tenth of a satoshi) is refused here, not left to stop
        // every later settlement.
        if ((e.reward.split('.')[1]?.replace(/0+$/, '').length ?? 0) > coinBaseDecimals(coin.code)) {
          refused++;
          continue;
        }
        let owner = e.address;
        if (coin.mode === 'account') {
          const [account] = e.account ? await this.db.select({ id: miningAccounts.id }).from(miningAccounts).where(sql`lower(${miningAccounts.name}) = lower(${e.account})`) : [];
          owner = account?.id;
        }
        if (!owner) {
          refused++;
          continue;
        }
        const foundAt = new Date(e.time);
        const rows = await this.db
          .insert(blocks)
          .values({ coin: coin.code, height: e.height, hash: e.hash, reward: e.reward, finderOwner: owner, finderWorker: e.worker, foundAt, networkDifficulty: e.difficulty, effort: await this.effort(coin.code, e.difficulty, foundAt) })
          .onConflictDoNothing()
          .returning({ id: blocks.id });
        recorded += rows.length;
      } else if (e.type === 'confirmations') {
        const maturity = coinMaturity(coin.code);
        const rows = await this.db
          .update(blocks)
          .set({ confirmations: sql`greatest(${blocks.confirmations}, ${e.confirmations})`, status: sql`case when ${blocks.status} = 'orphaned' then 'orphaned' when greatest(${blocks.confirmations}, ${e.confirmations}) >= ${maturity} then 'confirmed' else 'pending' end` })
          .where(and(eq(blocks.coin, coin.code), eq(blocks.hash, e.hash)))
          .returning({ id: blocks.id });
        recorded += rows.length;
      } else if (e.type === 'orphaned') {
        const rows = await this.db.update(blocks).set({ status: 'orphaned' }).where(and(eq(blocks.coin, coin.code), eq(blocks.hash, e.hash))).returning({ id: blocks.id });
        recorded += rows.length;
      } else {
        const rows = await this.db.insert(networkStats).values({ coin: coin.code, at: new Date(e.time), difficulty: e.difficulty, height: e.height }).onConflictDoNothing().returning({ c: networkStats.coin });
        recorded += rows.length;
      }
    }
    return { recorded, refused };
  }

  /** The pool's blocks of a coin, newest first; or only those a sub-account (or address) found. */
  async list(coin: string, page: number, pageSize: number, finder?: string) {
    const c = findCoin(coin);
    if (!c) throw new AppError('coin_not_found');
    const where = and(eq(blocks.coin, c.code), finder === undefined ? undefined : eq(blocks.finderOwner, finder));
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ b: blocks, accountName: miningAccounts.name })
        .from(blocks)
        .leftJoin(miningAccounts, sql`${miningAccounts.id}::text = ${blocks.finderOwner}`)
        .where(where)
        .orderBy(desc(blocks.foundAt))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count().mapWith(Number) }).from(blocks).where(where),
    ]);
    return {
      list: rows.map(({ b, accountName }) => ({
        height: b.height,
        hash: b.hash,
        reward: b.reward.replace(/\.?0+$/, ''),
        finder: accountName ? maskName(accountName) : shortAddress(b.finderOwner),
        time: b.foundAt.toISOString(),
        confirmations: b.confirmations,
        maturity: coinMaturity(c.code),
        status: b.status as 'pending' | 'confirmed' | 'orphaned',
        effort: b.effort,
      })),
      total: total?.n ?? 0,
    };
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
    const rows = await this.db.select().from(networkStats).where(and(eq(networkStats.coin, c.code), gte(networkStats.at, new Date(start - 24 * 3600_000)))).orderBy(networkStats.at);
    const points = [];
    let i = 0;
    let last: number | null = null;
    for (let t = start; t < end; t += step) {
      while (i < rows.length && rows[i]!.at.getTime() < t + step) last = rows[i++]!.difficulty;
      points.push({ time: new Date(t).toISOString(), hashrate: last === null ? 0 : (last * c.hashesPerDifficulty) / c.blockTimeSeconds, reject_rate: 0 });
    }
    return { resolution, points };
  }

  async coinPages() {
    const now = this.clock.now().getTime();
    const activeFrom = new Date(now - INACTIVE_AFTER_MS).toISOString();
    const [pools, latest, found] = await Promise.all([
      this.db
        .select({
          coin: workers.coin,
          hashrate: sql<number>`coalesce(sum(${workers.hashrate15m}), 0)`.mapWith(Number),
          workers: sql<number>`count(*) filter (where ${workers.lastShareAt} >= ${activeFrom}::timestamptz)`.mapWith(Number),
          miners: sql<number>`count(distinct coalesce(${workers.accountId}::text, ${workers.address})) filter (where ${workers.lastShareAt} >= ${activeFrom}::timestamptz)`.mapWith(Number),
        })
        .from(workers)
        .groupBy(workers.coin),
      queryRows<{ coin: string; difficulty: number }>(this.db, sql`select distinct on (coin) coin, difficulty from network_stats order by coin, at desc`),
      queryRows<{ coin: string; n: string; last: string | Date | null }>(
        this.db,
        sql`select coin, count(*) filter (where found_at >= ${new Date(now - 24 * 3600_000).toISOString()}::timestamptz)::text as n, max(found_at) as last from blocks group by coin`,
      ),
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
}
