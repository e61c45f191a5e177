// SQL of the workers' reads (the pool pages' worker list, one worker, counts by status, an owner's
// sums). Status follows the last share time against the times the service passes in.
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, like, lt, sql, type SQL } from 'drizzle-orm';
import type { WorkerStatus } from '@hashpool/shared';
import { sqlArray, type DbOrTx } from '../../db/client';
import { workers } from './mining.tables';

export type WorkerRow = typeof workers.$inferSelect;

/** Whose workers: a sub-account's id, or an address (address mining). */
export type WorkerOwner = string | { address: string };

/** The instants status is measured against: active since `inactiveFrom`, dead before `deadFrom`. */
export interface StatusTimes {
  inactiveFrom: Date;
  deadFrom: Date;
}

export type WorkerSort = 'now' | '1h' | '24h' | 'reject' | 'lastShare' | 'workerName';

const SORT_COLUMNS = {
  now: workers.hashrate15m,
  '1h': workers.hashrate1h,
  '24h': workers.hashrate24h,
  reject: workers.rejectRate,
  lastShare: workers.lastShareAt,
  workerName: workers.name,
};

function owned(owner: WorkerOwner, coin: string): SQL {
  return and(typeof owner === 'string' ? eq(workers.accountId, owner) : eq(workers.address, owner.address), eq(workers.coin, coin))!;
}

function statusCondition(status: WorkerStatus, times: StatusTimes): SQL {
  if (status === 'active') return gte(workers.lastShareAt, times.inactiveFrom);
  if (status === 'inactive') return and(lt(workers.lastShareAt, times.inactiveFrom), gte(workers.lastShareAt, times.deadFrom))!;
  return lt(workers.lastShareAt, times.deadFrom);
}

export interface WorkerFilter {
  status: WorkerStatus | 'all';
  group?: number | 'default' | undefined;
  search?: string | undefined;
}

function filtered(owner: WorkerOwner, coin: string, f: WorkerFilter, times: StatusTimes): SQL {
  return and(
    owned(owner, coin),
    f.status === 'all' ? undefined : statusCondition(f.status, times),
    f.group === 'default' ? isNull(workers.groupId) : f.group !== undefined ? eq(workers.groupId, f.group) : undefined,
    // Worker names are digits and lower-case letters only: a case-sensitive LIKE of the lower-cased
    // search finds the same rows as ILIKE at a quarter of the cost, with no escaping beyond
    // LIKE's own wildcards.
    f.search ? like(workers.name, `%${f.search.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`) : undefined,
  )!;
}

/** Ties by name in the sort's direction, as in the kept orders. */
function ordering(sort: WorkerSort, order: 'asc' | 'desc') {
  const by = order === 'asc' ? asc : desc;
  return [by(SORT_COLUMNS[sort]), by(workers.name)];
}

export async function findWorker(db: DbOrTx, owner: WorkerOwner, coin: string, workerId: number): Promise<WorkerRow | undefined> {
  const [w] = await db.select().from(workers).where(and(owned(owner, coin), eq(workers.id, workerId)));
  return w;
}

export async function countFiltered(db: DbOrTx, owner: WorkerOwner, coin: string, f: WorkerFilter, times: StatusTimes): Promise<number> {
  const [r] = await db.select({ n: count().mapWith(Number) }).from(workers).where(filtered(owner, coin, f, times));
  return r?.n ?? 0;
}

/** A page of whole rows, sorted (a small list). */
export function pageRows(db: DbOrTx, owner: WorkerOwner, coin: string, f: WorkerFilter, times: StatusTimes, page: { sort: WorkerSort; order: 'asc' | 'desc'; offset: number; limit: number }): Promise<WorkerRow[]> {
  return db.select().from(workers).where(filtered(owner, coin, f, times)).orderBy(...ordering(page.sort, page.order)).limit(page.limit).offset(page.offset);
}

/** A page of ids, sorted over the sort column and the name alone (a sort of narrow rows costs half). */
export async function pageIds(db: DbOrTx, owner: WorkerOwner, coin: string, f: WorkerFilter, times: StatusTimes, page: { sort: WorkerSort; order: 'asc' | 'desc'; offset: number; limit: number }): Promise<number[]> {
  const rows = await db.select({ id: workers.id }).from(workers).where(filtered(owner, coin, f, times)).orderBy(...ordering(page.sort, page.order)).limit(page.limit).offset(page.offset);
  return rows.map((r) => r.id);
}

export function rowsByIds(db: DbOrTx, ids: number[]): Promise<WorkerRow[]> {
  return ids.length ? db.select().from(workers).where(inArray(workers.id, ids)) : Promise.resolve([]);
}

/** The columns of a summary of workers: their number by status, hashrate sums, reject rate, newest share. */
function summaryColumns(times: StatusTimes) {
  return {
    total: count().mapWith(Number),
    active: sql<number>`count(*) filter (where ${workers.lastShareAt} >= ${times.inactiveFrom.toISOString()}::timestamptz)`.mapWith(Number),
    dead: sql<number>`count(*) filter (where ${workers.lastShareAt} < ${times.deadFrom.toISOString()}::timestamptz)`.mapWith(Number),
    h15: sql<number>`coalesce(sum(${workers.hashrate15m}), 0)`.mapWith(Number),
    h1: sql<number>`coalesce(sum(${workers.hashrate1h}), 0)`.mapWith(Number),
    h24: sql<number>`coalesce(sum(${workers.hashrate24h}), 0)`.mapWith(Number),
    reject: sql<number>`coalesce(sum(${workers.rejectRate} * ${workers.hashrate24h}) / nullif(sum(${workers.hashrate24h}), 0), 0)`.mapWith(Number),
    last: sql<Date | string | null>`max(${workers.lastShareAt})`,
  };
}

/**
 * An owner's workers of a coin in one read: their number by status, the sums of their hashrate
 * windows (the reject rate weights each worker by its work), and their newest share time.
 */
export async function ownerSummary(db: DbOrTx, owner: WorkerOwner, coin: string, times: StatusTimes): Promise<OwnerSummary> {
  const [row] = await db.select(summaryColumns(times)).from(workers).where(owned(owner, coin));
  return {
    total: row?.total ?? 0,
    active: row?.active ?? 0,
    dead: row?.dead ?? 0,
    h15: row?.h15 ?? 0,
    h1: row?.h1 ?? 0,
    h24: row?.h24 ?? 0,
    reject: row?.reject ?? 0,
    lastShareAt: row?.last ? new Date(row.last) : null,
  };
}

/**
 * ownerSummary of many sub-accounts and coins in one read, grouped by (sub-account, coin): the
 * same sums and counts per group. A pair without workers has no row. The ids and coins go as one
 * array parameter each, however many there are.
 */
export async function accountSummaries(db: DbOrTx, accountIds: readonly string[], coins: readonly string[], times: StatusTimes): Promise<Array<OwnerSummary & { accountId: string; coin: string }>> {
  if (accountIds.length === 0 || coins.length === 0) return [];
  const rows = await db
    .select({
      accountId: sql<string>`${workers.accountId}::text`,
      coin: workers.coin,
      ...summaryColumns(times),
    })
    .from(workers)
    .where(and(sql`${workers.coin} = any(${sqlArray(coins)}::text[])`, sql`${workers.accountId} = any(${sqlArray(accountIds)}::uuid[])`))
    .groupBy(workers.accountId, workers.coin);
  return rows.map(({ last, ...r }) => ({ ...r, lastShareAt: last ? new Date(last) : null }));
}

export interface OwnerSummary {
  total: number;
  active: number;
  dead: number;
  h15: number;
  h1: number;
  h24: number;
  reject: number;
  lastShareAt: Date | null;
}

/** The coin a sub-account mined last (its newest share), or null without workers. */
export async function latestCoinOf(db: DbOrTx, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ coin: workers.coin })
    .from(workers)
    .where(eq(workers.accountId, accountId))
    .groupBy(workers.coin)
    .orderBy(desc(sql`max(${workers.lastShareAt})`))
    .limit(1);
  return row?.coin ?? null;
}

export async function findWorkerByName(db: DbOrTx, owner: WorkerOwner, coin: string, name: string): Promise<WorkerRow | undefined> {
  const [w] = await db.select().from(workers).where(and(owned(owner, coin), eq(workers.name, name)));
  return w;
}

/**
 * The owner's workers grouped by the IP they last sent a share from, busiest first: workers,
 * those active since `activeFrom`, their 15 min and 24 h hashrate, the newest share.
 */
export async function workersByIp(db: DbOrTx, owner: WorkerOwner, coin: string, activeFrom: Date, offset: number, limit: number) {
  const where = owned(owner, coin);
  // The page and the number of IPs in one read (a window over the groups); a page past the end
  // has no row to carry it, and counts them alone.
  const rows = await db
    .select({
      ip: workers.lastIp,
      workers: sql<number>`count(*)`.mapWith(Number),
      active: sql<number>`count(*) filter (where ${workers.lastShareAt} >= ${activeFrom.toISOString()}::timestamptz)`.mapWith(Number),
      hashrate15m: sql<number>`sum(${workers.hashrate15m})`.mapWith(Number),
      hashrate24h: sql<number>`sum(${workers.hashrate24h})`.mapWith(Number),
      last: sql<Date | string>`max(${workers.lastShareAt})`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(workers)
    .where(where)
    .groupBy(workers.lastIp)
    .orderBy(sql`sum(${workers.hashrate15m}) desc`, sql`count(*) desc`, sql`${workers.lastIp} asc nulls last`)
    .limit(limit)
    .offset(offset);
  if (rows.length || offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const [count] = await db.select({ n: sql<number>`count(distinct coalesce(${workers.lastIp}, ''))`.mapWith(Number) }).from(workers).where(where);
  return { rows, total: count?.n ?? 0 };
}

/** Every address-mined worker of the coin by status, and the addresses with an active one. */
export async function addressWorkerCounts(db: DbOrTx, coin: string, times: StatusTimes): Promise<{ total: number; active: number; dead: number; miners: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      active: sql<number>`count(*) filter (where ${workers.lastShareAt} >= ${times.inactiveFrom.toISOString()}::timestamptz)`.mapWith(Number),
      dead: sql<number>`count(*) filter (where ${workers.lastShareAt} < ${times.deadFrom.toISOString()}::timestamptz)`.mapWith(Number),
      miners: sql<number>`count(distinct ${workers.address}) filter (where ${workers.lastShareAt} >= ${times.inactiveFrom.toISOString()}::timestamptz)`.mapWith(Number),
    })
    .from(workers)
    .where(and(eq(workers.coin, coin), isNotNull(workers.address)));
  return { total: row?.total ?? 0, active: row?.active ?? 0, dead: row?.dead ?? 0, miners: row?.miners ?? 0 };
}
