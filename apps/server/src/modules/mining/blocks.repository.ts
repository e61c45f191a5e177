// SQL of blocks and network reports: recording stratum nodes' events, the block list, the network
// difficulty series and the per-coin figures of the coin pages, and the matured blocks the
// earnings module settles (through BlocksService).
import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { numberArray, queryRows, withTotal, type DbOrTx } from '../../db/client';
import type { BlockStatus } from '@hashpool/shared';
import { blocks, networkStats, workers } from './mining.tables';
import { POINT_SECONDS } from './share-aggregate';

export type BlockRow = typeof blocks.$inferSelect;

/** When the pool's previous block of the coin before `before` was found, if it has one. */
export async function previousBlockTime(db: DbOrTx, coin: string, before: Date): Promise<Date | undefined> {
  const [prev] = await db.select({ at: blocks.foundAt }).from(blocks).where(and(eq(blocks.coin, coin), sql`${blocks.foundAt} < ${before.toISOString()}::timestamptz`)).orderBy(desc(blocks.foundAt)).limit(1);
  return prev?.at;
}

/** The pool's accepted work of the coin in [from, to), from its 10-minute points. */
export async function poolWorkBetween(db: DbOrTx, coin: string, from: Date, to: Date): Promise<number> {
  const [row] = await queryRows<{ work: number | null }>(
    db,
    sql`select sum(accepted_work) as work from pool_history where coin = ${coin} and resolution = ${POINT_SECONDS}
        and bucket >= ${from.toISOString()}::timestamptz and bucket < ${to.toISOString()}::timestamptz`,
  );
  return Number(row?.work ?? 0);
}

/** A found block, once (coin and hash are unique); true when it was new. */
export async function insertBlock(db: DbOrTx, b: typeof blocks.$inferInsert): Promise<boolean> {
  const rows = await db.insert(blocks).values(b).onConflictDoNothing().returning({ id: blocks.id });
  return rows.length > 0;
}

/**
 * Raises a block's confirmations (never lowers them) and makes it confirmed at `maturity`; an
 * orphan stays one. True only when that changed something (a repeated or lower count, or a count
 * for an orphan, is not counted as recorded).
 */
export async function confirmBlock(db: DbOrTx, coin: string, hash: string, confirmations: number, maturity: number): Promise<boolean> {
  const rows = await db
    .update(blocks)
    .set({ confirmations: sql`greatest(${blocks.confirmations}, ${confirmations})`, status: sql`case when ${blocks.status} = 'orphaned' then 'orphaned' when greatest(${blocks.confirmations}, ${confirmations}) >= ${maturity} then 'confirmed' else 'pending' end` })
    .where(and(eq(blocks.coin, coin), eq(blocks.hash, hash), ne(blocks.status, 'orphaned'), lt(blocks.confirmations, confirmations)))
    .returning({ id: blocks.id });
  return rows.length > 0;
}

/**
 * Only a pending block: a confirmed one has matured (it may already be settled and paid), and an
 * orphan report for it (a node resyncing) must not hide a reward that is booked, nor stop its settlement.
 */
export async function orphanBlock(db: DbOrTx, coin: string, hash: string): Promise<boolean> {
  const rows = await db.update(blocks).set({ status: 'orphaned' }).where(and(eq(blocks.coin, coin), eq(blocks.hash, hash), eq(blocks.status, 'pending'))).returning({ id: blocks.id });
  return rows.length > 0;
}

export async function insertNetworkReport(db: DbOrTx, r: { coin: string; at: Date; difficulty: number; height: number }): Promise<boolean> {
  const rows = await db.insert(networkStats).values(r).onConflictDoNothing().returning({ c: networkStats.coin });
  return rows.length > 0;
}

/** A page of the coin's blocks, newest first; only those `finder` (an owner) found when given. */
export async function pageBlocks(db: DbOrTx, coin: string, offset: number, limit: number, finder?: string): Promise<{ rows: BlockRow[]; total: number }> {
  const where = and(eq(blocks.coin, coin), finder === undefined ? undefined : eq(blocks.finderOwner, finder));
  return withTotal(db.select().from(blocks).where(where).orderBy(desc(blocks.foundAt)).limit(limit).offset(offset), db.select({ n: count().mapWith(Number) }).from(blocks).where(where));
}

/** The coin's network reports since `from`, oldest first. */
export function networkReportsSince(db: DbOrTx, coin: string, from: Date) {
  return db.select().from(networkStats).where(and(eq(networkStats.coin, coin), gte(networkStats.at, from))).orderBy(networkStats.at);
}

/** Per coin: the pool's 15-minute hashrate, active workers and miners (active since `activeFrom`). */
export function poolFigures(db: DbOrTx, activeFrom: Date) {
  const since = activeFrom.toISOString();
  return db
    .select({
      coin: workers.coin,
      hashrate: sql<number>`coalesce(sum(${workers.hashrate15m}), 0)`.mapWith(Number),
      workers: sql<number>`count(*) filter (where ${workers.lastShareAt} >= ${since}::timestamptz)`.mapWith(Number),
      miners: sql<number>`count(distinct coalesce(${workers.accountId}::text, ${workers.address})) filter (where ${workers.lastShareAt} >= ${since}::timestamptz)`.mapWith(Number),
    })
    .from(workers)
    .groupBy(workers.coin);
}

/** Each coin's latest reported network difficulty. */
export function latestDifficulties(db: DbOrTx) {
  return queryRows<{ coin: string; difficulty: number }>(db, sql`select distinct on (coin) coin, difficulty from network_stats order by coin, at desc`);
}

/** Per coin: blocks found since `since`, and the time of the last one. */
export function blockFigures(db: DbOrTx, since: Date) {
  return queryRows<{ coin: string; n: string; last: string | Date | null }>(
    db,
    sql`select coin, count(*) filter (where found_at >= ${since.toISOString()}::timestamptz)::text as n, max(found_at) as last from blocks group by coin`,
  );
}

/** The coin's newest reported network difficulty, if any. */
export async function latestDifficulty(db: DbOrTx, coin: string): Promise<number | undefined> {
  const [row] = await db.select({ d: networkStats.difficulty }).from(networkStats).where(eq(networkStats.coin, coin)).orderBy(desc(networkStats.at)).limit(1);
  return row?.d;
}

/** Up to `limit` of the coins' blocks with an id from `fromId` on, in id order (the block settlement's reading). */
export async function blockIdsFrom(db: DbOrTx, coins: readonly string[], fromId: number, limit: number): Promise<Array<{ id: number; status: BlockStatus }>> {
  if (coins.length === 0) return [];
  return db
    .select({ id: blocks.id, status: blocks.status })
    .from(blocks)
    .where(and(gte(blocks.id, fromId), inArray(blocks.coin, [...coins])))
    .orderBy(asc(blocks.id))
    .limit(limit);
}

/** The blocks of `ids`. */
export function blocksByIds(db: DbOrTx, ids: readonly number[]): Promise<BlockRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(blocks).where(sql`${blocks.id} = any(${numberArray(ids)}::bigint[])`);
}
