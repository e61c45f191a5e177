// Workers' windows (15 minutes, 1 hour, 24 hours), moved forward once a minute by the minutes that
// entered and left them since the last pass, not summed again from an hour of minutes and a day
// of points per worker: a pass reads about four rows per active worker, so it keeps within the
// minute at a million workers (bench:workers).
//
// Why the sums stay exact: the job first moves `windows_barrier` to the current minute. That update
// waits for the flushes writing at that moment (they hold the row FOR SHARE), and every later
// flush writes minutes before the barrier to share_minutes_late instead of share_minutes. So the
// minutes the pass reads below the barrier change only by the pass's own merges of those late
// rows, which come first: a late minute that its windows had already taken in is added to them
// directly, any other is merged before the pass reads it. Each minute's work enters a window once
// (read when it enters, or added when it arrives late) and leaves once (its whole row read when it
// leaves). worker-windows.int.test.ts checks them against sums of every share sent, late ones too.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { MINUTE_MS, POINT_SECONDS } from './share-aggregate';
import { addSums, addToMinute } from './mining.repository';
import { writeWorkerOrders } from './worker-orders.repository';

const POINT_MS = POINT_SECONDS * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;
const ts = (ms: number | null) => (ms === null ? sql`null::timestamptz` : sql`${new Date(ms).toISOString()}::timestamptz`);
const msOf = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** Serialises the job's passes (a test may call one while the job runs); flushes never take it. */
const PASS_LOCK = 72_716_001;

/** Creates the row, or sets the barrier of a row from before it existed, at the current minute. */
async function ensureMarks(db: DbOrTx, now: Date): Promise<void> {
  await db.execute(sql`insert into ingest_watermark (id, points_closed_until, windows_barrier)
      values (true, ${ts(floorTo(now.getTime(), POINT_MS))}, ${ts(floorTo(now.getTime(), MINUTE_MS))})
    on conflict (id) do update set windows_barrier = excluded.windows_barrier where ingest_watermark.windows_barrier is null`);
}

/**
 * What a flush needs, read FOR SHARE so that the job cannot move the barrier until the flush
 * commits: minutes before `barrier` are late; `generation` changes when workers were deleted.
 */
export async function flushMarks(tx: DbOrTx, now: Date): Promise<{ barrier: number; generation: number }> {
  const read = () => queryRows<{ b: string | number | null; g: string | number }>(tx, sql`select extract(epoch from windows_barrier) * 1000 as b, workers_generation as g from ingest_watermark where id for share`);
  let [row] = await read();
  if (!row || row.b === null) {
    await ensureMarks(tx, now);
    [row] = await read();
  }
  return { barrier: Number(row!.b), generation: Number(row!.g) };
}

/** Called in the transaction that deletes workers, last (so it never waits on the job while holding the row). */
export async function bumpWorkersGeneration(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`update ingest_watermark set workers_generation = workers_generation + 1 where id`);
}

interface Marks {
  /** The barrier before this pass: minutes at or after it may have been written since the last one. */
  previousBarrier: number;
  windowsAt: number | null;
  pointsClosedUntil: number;
}

/** Moves the barrier to the current minute in a transaction of its own, as short as possible. */
async function advanceBarrier(db: Db, now: Date): Promise<Marks> {
  await ensureMarks(db, now);
  return inTransaction(db, async (tx) => {
    const [row] = await queryRows<{ b: string | number; a: string | number | null; p: string | number }>(
      tx,
      sql`select extract(epoch from windows_barrier) * 1000 as b, extract(epoch from windows_at) * 1000 as a, extract(epoch from points_closed_until) * 1000 as p
            from ingest_watermark where id for update`,
    );
    await tx.execute(sql`update ingest_watermark set windows_barrier = greatest(windows_barrier, ${ts(floorTo(now.getTime(), MINUTE_MS))}) where id`);
    return { previousBarrier: Number(row!.b), windowsAt: msOf(row!.a), pointsClosedUntil: Number(row!.p) };
  });
}

/**
 * The newest share's time and IP of a set of minute rows, as one comparable text: a zero-padded
 * epoch-ms then the IP (max() picks the latest; an ordered aggregate per worker costs far more).
 */
const ipKey = (lastAt: string, lastIp: string) => sql.raw(`case when ${lastIp} is not null and ${lastAt} is not null then lpad((${lastAt})::bigint::text, 15, '0') || ${lastIp} end`);

/** A worker's last share time and IP, moved forward by the newest share of `from` (`last_at`, `ip_key`). */
const newestShare = (from: string) => `last_share_at = greatest(w.last_share_at, to_timestamp(${from}.last_at / 1000.0)),
    last_ip = case when ${from}.ip_key is not null and substr(${from}.ip_key, 1, 15)::float8 >= extract(epoch from w.last_share_at) * 1000
                   then substr(${from}.ip_key, 16) else w.last_ip end`;

/**
 * The worker columns set from new sums (`n.k15` ... of a subquery `n`), the current minute's
 * shares (`n.p_*`) and the newest share facts (`n.last_at`, `n.ip_key`).
 */
function setWorkerColumns(bounds: { now: number; minute: number; dayStart: number }) {
  const part = (bounds.now - bounds.minute) / 1000;
  const d15 = 15 * 60 + part;
  const d60 = 60 * 60 + part;
  const d24 = (bounds.minute - bounds.dayStart) / 1000 + part;
  // A window whose share count is zero is exactly zero (see workers.work15m).
  const k = (work: string, count: string) => `(case when ${count} = 0 then 0 else ${work} end)`;
  return sql.raw(`
    shares_15m = n.s15, work_15m = ${k('n.k15', 'n.s15')},
    shares_1h = n.s60, work_1h = ${k('n.k60', 'n.s60')},
    shares_24h = n.s24, work_24h = ${k('n.k24', 'n.s24')},
    rejected_24h = n.r24, rejected_work_24h = ${k('n.rk24', 'n.r24')},
    hashrate_15m = (${k('n.k15', 'n.s15')} + n.p_aw) / ${d15},
    hashrate_1h = (${k('n.k60', 'n.s60')} + n.p_aw) / ${d60},
    hashrate_24h = (${k('n.k24', 'n.s24')} + n.p_aw) / ${d24},
    reject_rate = case when ${k('n.k24', 'n.s24')} + ${k('n.rk24', 'n.r24')} + n.p_aw + n.p_rw > 0
                  then (${k('n.rk24', 'n.r24')} + n.p_rw) / (${k('n.k24', 'n.s24')} + ${k('n.rk24', 'n.r24')} + n.p_aw + n.p_rw) else 0 end,
    accepted_shares = n.s24 + n.p_a,
    rejected_shares = n.r24 + n.p_r,
    ${newestShare('n')}`);
}

/** The current minute's sums and the newest share facts, passed from the minutes `m` to the update. */
const carry = sql.raw(`coalesce(m.p_aw, 0) as p_aw, coalesce(m.p_rw, 0) as p_rw, coalesce(m.p_a, 0) as p_a, coalesce(m.p_r, 0) as p_r, m.last_at, m.ip_key`);

/**
 * Both passes join each worker to its sums from the minutes (`m`) and the closed points (`h`) by
 * two left joins on the worker's id, not by a full join of `m` and `h` first: the full join's key
 * (a coalesce of both ids) is one the planner can neither sort nor estimate, so it sorted or hashed
 * a million wide rows to disk (450 MB) and guessed billions of rows. Alternating pairs of the
 * windows step over a million workers: 23.2-24.8 s → 20.0-21.2 s (four pairs), and with
 * bench:workers' 14 million older points beside them 25.2-26.7 → 23.3-25.2 s (three pairs).
 * The day's leaving minutes and points are added before they are subtracted, as before, so the
 * floating-point work sums come out bit for bit as they did.
 */

/** Runs the statement whose CTEs end in `n` (a worker id and its new sums), writing those workers. */
async function writeWorkers(tx: DbOrTx, ctes: SQL, bounds: { now: number; minute: number; dayStart: number }): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    tx,
    sql`with ${ctes},
        u as (update workers w set ${setWorkerColumns(bounds)} from n where w.id = n.id returning 1)
        select count(*) as n from u`,
  );
  return Number(row?.n ?? 0);
}

/** Workers with anything to move: a row in `m` or `h`, or a window or count that may change with the clock. */
const NEEDS_UPDATE = sql.raw(`(m.worker_id is not null or h.worker_id is not null or w0.hashrate_15m > 0 or w0.hashrate_1h > 0 or w0.hashrate_24h > 0 or w0.reject_rate > 0
  or w0.accepted_shares > 0 or w0.rejected_shares > 0 or w0.shares_1h > 0 or w0.shares_24h > 0 or w0.rejected_24h > 0)`);

/** The minute-row columns `m` carries for the current minute and the newest share facts. */
const currentMinute = (minute: number, now: number, since: number) => sql`
  coalesce(sum(accepted_work) filter (where minute >= ${ts(minute)} and minute <= ${ts(now)}), 0) as p_aw,
  coalesce(sum(rejected_work) filter (where minute >= ${ts(minute)} and minute <= ${ts(now)}), 0) as p_rw,
  coalesce(sum(accepted) filter (where minute >= ${ts(minute)} and minute <= ${ts(now)}), 0) as p_a,
  coalesce(sum(rejected + stale) filter (where minute >= ${ts(minute)} and minute <= ${ts(now)}), 0) as p_r,
  max(last_at) filter (where minute >= ${ts(since)}) as last_at,
  max(${ipKey('last_at', 'last_ip')}) filter (where minute >= ${ts(since)}) as ip_key`;

/**
 * Merges the late minutes into share_minutes (and into their point when it is closed), adds them
 * to the windows that had already passed their minute (ending at `windowsAt`; none when the
 * windows are about to be recomputed), and moves the last share facts. Answers how many there were.
 */
async function mergeLate(tx: DbOrTx, windowsAt: number | null, pointsClosedUntil: number): Promise<number> {
  const A = windowsAt;
  const bound = (ms: number | null) => ts(ms);
  const dayStart = A === null ? null : floorTo(A, POINT_MS) - DAY_MS;
  const inWindow = (from: number | null) => sql`minute >= ${bound(from)} and minute < ${bound(A)}`;
  const [row] = await queryRows<{ n: string | number }>(
    tx,
    sql`with late as (delete from share_minutes_late returning *),
        g as (
          select worker_id, minute, sum(accepted_work) as aw, sum(rejected_work) as rw, sum(accepted) as a, sum(rejected) as r, sum(stale) as s,
                 max(last_at) as last_at, max(${ipKey('last_at', 'last_ip')}) as ip_key
          from late group by worker_id, minute),
        m as (
          insert into share_minutes (worker_id, minute, accepted_work, rejected_work, accepted, rejected, stale, last_at, last_ip)
          select worker_id, minute, aw, rw, a, r, s, last_at, substr(ip_key, 16) from g
          on conflict (worker_id, minute) do update set ${addToMinute}
          returning 1),
        h as (
          insert into worker_history (worker_id, bucket, resolution, accepted_work, rejected_work, accepted, rejected, stale)
          select worker_id, to_timestamp(floor(extract(epoch from minute) / ${POINT_SECONDS}) * ${POINT_SECONDS}), ${POINT_SECONDS}, sum(aw), sum(rw), sum(a), sum(r), sum(s)
          from g where minute < ${ts(pointsClosedUntil)} group by 1, 2
          on conflict (worker_id, resolution, bucket) do update set ${addSums('worker_history')}
          returning 1),
        x as (
          select worker_id,
                 coalesce(sum(aw) filter (where ${inWindow(A === null ? null : A - 15 * MINUTE_MS)}), 0) as aw15, coalesce(sum(a) filter (where ${inWindow(A === null ? null : A - 15 * MINUTE_MS)}), 0) as a15,
                 coalesce(sum(aw) filter (where ${inWindow(A === null ? null : A - HOUR_MS)}), 0) as aw60, coalesce(sum(a) filter (where ${inWindow(A === null ? null : A - HOUR_MS)}), 0) as a60,
                 coalesce(sum(aw) filter (where ${inWindow(dayStart)}), 0) as aw24, coalesce(sum(a) filter (where ${inWindow(dayStart)}), 0) as a24,
                 coalesce(sum(rw) filter (where ${inWindow(dayStart)}), 0) as rw24, coalesce(sum(r + s) filter (where ${inWindow(dayStart)}), 0) as r24,
                 max(last_at) as last_at, max(ip_key) as ip_key
          from g group by worker_id),
        u as (
          update workers w set
            work_15m = w.work_15m + x.aw15, shares_15m = w.shares_15m + x.a15,
            work_1h = w.work_1h + x.aw60, shares_1h = w.shares_1h + x.a60,
            work_24h = w.work_24h + x.aw24, shares_24h = w.shares_24h + x.a24,
            rejected_work_24h = w.rejected_work_24h + x.rw24, rejected_24h = w.rejected_24h + x.r24,
            ${sql.raw(newestShare('x'))}
          from x where w.id = x.worker_id
          returning 1)
        select (select count(*) from late) as n`,
  );
  return Number(row?.n ?? 0);
}

interface Step {
  /** The windows' end before and after (whole minutes), the clock, and what advanceBarrier read. */
  from: number;
  to: number;
  now: number;
  marks: Marks;
}

/**
 * Every worker's closed points from `from` to `to` (the day's start passing), summed per worker.
 * A pass usually moves the day's start by one point (every tenth pass; the others' range is
 * empty), and one point has one row per worker (the primary key), so it needs no sum: read by
 * worker_history_points_idx (time, then worker), its rows come in worker order and the pass
 * merges them with the workers instead of hashing them. bench:workers' pass data with a day of points for 100,000 of the workers,
 * alternating: 16.5/15.7/13.1 s → 9.9/10.9/8.4 s for the windows' step (with merge joins only);
 * every worker row written the same (an md5 of them all).
 */
function leavingPoints(from: number, to: number): SQL {
  if (to - from === POINT_MS) {
    return sql`select worker_id, accepted_work as aw, accepted as a, rejected_work as rw, rejected + stale as r
      from worker_history where resolution = ${POINT_SECONDS} and bucket = ${ts(from)}`;
  }
  return sql`select worker_id, sum(accepted_work) as aw, sum(accepted) as a, sum(rejected_work) as rw, sum(rejected + stale) as r
    from worker_history where resolution = ${POINT_SECONDS} and bucket >= ${ts(from)} and bucket < ${ts(to)}
    group by worker_id`;
}

/** Moves every worker's windows from `from` to `to` by the minutes (and points) that entered and left. */
async function stepWindows(tx: DbOrTx, s: Step): Promise<number> {
  const { from: A, to: T, now } = s;
  const P = s.marks.pointsClosedUntil;
  const dayFrom = floorTo(A, POINT_MS) - DAY_MS;
  const dayTo = floorTo(T, POINT_MS) - DAY_MS;
  const range = (a: number, b: number) => sql`minute >= ${ts(a)} and minute < ${ts(b)}`;
  const entering = range(A, T);
  const left15 = range(A - 15 * MINUTE_MS, T - 15 * MINUTE_MS);
  const left60 = range(A - HOUR_MS, T - HOUR_MS);
  // The day's start passes whole points: closed ones from worker_history, open ones (when the job
  // has not closed points for a day) from their minutes.
  const left24 = range(Math.max(dayFrom, P), dayTo);
  return writeWorkers(
    tx,
    sql`m as (
          select worker_id,
                 coalesce(sum(accepted_work) filter (where ${entering}), 0) as in_aw, coalesce(sum(accepted) filter (where ${entering}), 0) as in_a,
                 coalesce(sum(rejected_work) filter (where ${entering}), 0) as in_rw, coalesce(sum(rejected + stale) filter (where ${entering}), 0) as in_r,
                 coalesce(sum(accepted_work) filter (where ${left15}), 0) as o15_aw, coalesce(sum(accepted) filter (where ${left15}), 0) as o15_a,
                 coalesce(sum(accepted_work) filter (where ${left60}), 0) as o60_aw, coalesce(sum(accepted) filter (where ${left60}), 0) as o60_a,
                 coalesce(sum(accepted_work) filter (where ${left24}), 0) as o24_aw, coalesce(sum(accepted) filter (where ${left24}), 0) as o24_a,
                 coalesce(sum(rejected_work) filter (where ${left24}), 0) as o24_rw, coalesce(sum(rejected + stale) filter (where ${left24}), 0) as o24_r,
                 ${currentMinute(T, now, s.marks.previousBarrier)}
          from share_minutes
          where minute >= ${ts(A)} or (${left15}) or (${left60}) or (${left24})
          group by worker_id),
        h as (${leavingPoints(dayFrom, Math.min(dayTo, P))}),
        n as (
          select w0.id,
                 w0.shares_15m + coalesce(m.in_a, 0) - coalesce(m.o15_a, 0) as s15, w0.work_15m + coalesce(m.in_aw, 0) - coalesce(m.o15_aw, 0) as k15,
                 w0.shares_1h + coalesce(m.in_a, 0) - coalesce(m.o60_a, 0) as s60, w0.work_1h + coalesce(m.in_aw, 0) - coalesce(m.o60_aw, 0) as k60,
                 w0.shares_24h + coalesce(m.in_a, 0) - (coalesce(m.o24_a, 0) + coalesce(h.a, 0)) as s24,
                 w0.work_24h + coalesce(m.in_aw, 0) - (coalesce(m.o24_aw, 0) + coalesce(h.aw, 0)) as k24,
                 w0.rejected_24h + coalesce(m.in_r, 0) - (coalesce(m.o24_r, 0) + coalesce(h.r, 0)) as r24,
                 w0.rejected_work_24h + coalesce(m.in_rw, 0) - (coalesce(m.o24_rw, 0) + coalesce(h.rw, 0)) as rk24,
                 ${carry}
          from workers w0 left join m on m.worker_id = w0.id left join h on h.worker_id = w0.id
          where ${NEEDS_UPDATE})`,
    { now, minute: T, dayStart: dayTo },
  );
}

/** Sets every worker's windows ending at `to` from its minutes and closed points (first pass, or after a gap). */
async function recomputeWindows(tx: DbOrTx, s: Step): Promise<number> {
  const { to: T, now } = s;
  const P = s.marks.pointsClosedUntil;
  const dayStart = floorTo(T, POINT_MS) - DAY_MS;
  const range = (a: number, b: number) => sql`minute >= ${ts(a)} and minute < ${ts(b)}`;
  const w15 = range(T - 15 * MINUTE_MS, T);
  const w60 = range(T - HOUR_MS, T);
  const openDay = range(Math.max(dayStart, P), T); // the day's points not closed yet, as minutes
  return writeWorkers(
    tx,
    sql`m as (
          select worker_id,
                 coalesce(sum(accepted_work) filter (where ${w15}), 0) as k15, coalesce(sum(accepted) filter (where ${w15}), 0) as s15,
                 coalesce(sum(accepted_work) filter (where ${w60}), 0) as k60, coalesce(sum(accepted) filter (where ${w60}), 0) as s60,
                 coalesce(sum(accepted_work) filter (where ${openDay}), 0) as k24, coalesce(sum(accepted) filter (where ${openDay}), 0) as s24,
                 coalesce(sum(rejected_work) filter (where ${openDay}), 0) as rk24, coalesce(sum(rejected + stale) filter (where ${openDay}), 0) as r24,
                 ${currentMinute(T, now, s.marks.previousBarrier)}
          from share_minutes
          where minute >= ${ts(Math.min(T - HOUR_MS, Math.max(dayStart, P), s.marks.previousBarrier))}
          group by worker_id),
        h as (
          select worker_id, sum(accepted_work) as k24, sum(accepted) as s24, sum(rejected_work) as rk24, sum(rejected + stale) as r24
          from worker_history where resolution = ${POINT_SECONDS} and bucket >= ${ts(dayStart)} and bucket < ${ts(Math.min(P, T))}
          group by worker_id),
        n as (
          select w0.id, coalesce(m.k15, 0) as k15, coalesce(m.s15, 0) as s15, coalesce(m.k60, 0) as k60, coalesce(m.s60, 0) as s60,
                 coalesce(m.k24, 0) + coalesce(h.k24, 0) as k24, coalesce(m.s24, 0) + coalesce(h.s24, 0) as s24,
                 coalesce(m.rk24, 0) + coalesce(h.rk24, 0) as rk24, coalesce(m.r24, 0) + coalesce(h.r24, 0) as r24,
                 ${carry}
          from workers w0 left join m on m.worker_id = w0.id left join h on h.worker_id = w0.id
          where ${NEEDS_UPDATE} or w0.shares_15m > 0 or w0.work_24h > 0 or w0.rejected_work_24h > 0)`,
    { now, minute: T, dayStart },
  );
}

/** How far the windows may be moved in one step; a longer gap (the job stopped) recomputes them. */
const MAX_STEP_MS = HOUR_MS;

/**
 * One pass: moves the barrier, merges the late minutes, moves every worker's windows to the
 * current minute (or recomputes them after a gap or when the clock went back), writes the big
 * lists' orders and records where the windows end. Answers the number of workers written.
 */
export async function refreshWindows(db: Db, now: Date, options: { deadAfterMs: number; steps?: PassSteps }): Promise<number> {
  const started = performance.now();
  const time = stepTimer(options.steps);
  const marks = await time('barrier', () => advanceBarrier(db, now));
  const to = floorTo(now.getTime(), MINUTE_MS);
  const workers = await inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PASS_LOCK})`);
    // The pass joins every active worker once a minute: with the default 4 MB a million
    // workers' joins spill to disk (this transaction only).
    await tx.execute(sql`set local work_mem = '64MB'`);
    // Read again under the pass lock: a pass that ran meanwhile has moved them.
    const [fresh] = await queryRows<{ a: string | number | null; p: string | number }>(tx, sql`select extract(epoch from windows_at) * 1000 as a, extract(epoch from points_closed_until) * 1000 as p from ingest_watermark where id`);
    const current: Marks = { ...marks, windowsAt: msOf(fresh!.a), pointsClosedUntil: Number(fresh!.p) };
    const from = current.windowsAt;
    const incremental = from !== null && to >= from && to - from <= MAX_STEP_MS;
    await time('late minutes', () => mergeLate(tx, incremental ? from : null, current.pointsClosedUntil));
    const step = { from: from ?? to, to, now: now.getTime(), marks: current };
    // Merge joins only, all of them on worker ids in order (see leavingPoints): the planner's
    // row guesses for the points and sums made it hash a million rows, twice, in batches on disk.
    await tx.execute(sql`set local enable_hashjoin = off`);
    const written = await time('windows', () => (incremental ? stepWindows(tx, step) : recomputeWindows(tx, step)));
    // Last, so the row is locked (and flushes wait) only for the commit.
    await tx.execute(sql`update ingest_watermark set windows_at = ${ts(to)} where id`);
    return written;
  });
  try {
    // The big lists' orders, from the columns just committed, several sorts at once on their own
    // connections (worker-orders.repository.ts): until they are written, a list reads the orders
    // of the pass before, as a worker created since the last pass is missing from them anyway.
    await time('list orders', () => writeWorkerOrders(db, now, options.deadAfterMs));
  } finally {
    options.steps?.set('total', performance.now() - started);
  }
  return workers;
}

/** Milliseconds per step of a pass, and its `total` with the commit: the job logs them, bench:workers prints them (where the minute goes). */
export type PassSteps = Map<string, number>;

function stepTimer(steps: PassSteps | undefined) {
  return async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await run();
    } finally {
      steps?.set(name, performance.now() - t0);
    }
  };
}

/**
 * Writes the workers' points that have ended since the last call, summed from their minutes,
 * and moves `points_closed_until` past them. The minutes are below the barrier (the pass before
 * moved it to the current minute), so no flush writes them meanwhile.
 */
export async function closePoints(db: Db, now: Date): Promise<number> {
  const target = floorTo(now.getTime(), POINT_MS);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PASS_LOCK})`);
    const [row] = await queryRows<{ p: string | number; b: string | number | null }>(tx, sql`select extract(epoch from points_closed_until) * 1000 as p, extract(epoch from windows_barrier) * 1000 as b from ingest_watermark where id`);
    if (!row) return 0;
    const from = Number(row.p);
    const until = Math.min(target, msOf(row.b) ?? from);
    if (until <= from) return 0;
    const [written] = await queryRows<{ n: string | number }>(
      tx,
      sql`with pts as (
            insert into worker_history (worker_id, bucket, resolution, accepted_work, rejected_work, accepted, rejected, stale)
            select worker_id, to_timestamp(floor(extract(epoch from minute) / ${POINT_SECONDS}) * ${POINT_SECONDS}), ${POINT_SECONDS},
                   sum(accepted_work), sum(rejected_work), sum(accepted), sum(rejected), sum(stale)
              from share_minutes where minute >= ${ts(from)} and minute < ${ts(until)}
             group by 1, 2
            on conflict (worker_id, resolution, bucket) do update set ${addSums('worker_history')}
            returning 1)
          select count(*) as n from pts`,
    );
    await tx.execute(sql`update ingest_watermark set points_closed_until = ${ts(until)} where id`);
    return Number(written!.n);
  });
}

/**
 * Drops minute buckets no window, open point or late merge needs any more (older than two hours,
 * before the closed points and an hour before the windows' end) and batch ids older than a day.
 */
export async function prune(db: DbOrTx, now: Date): Promise<void> {
  await db.execute(sql`delete from share_minutes where minute < least(${ts(now.getTime() - 2 * HOUR_MS)},
    (select points_closed_until from ingest_watermark where id), (select windows_at - interval '61 minutes' from ingest_watermark where id))`);
  await db.execute(sql`delete from ingest_batches where received_at < ${ts(now.getTime() - DAY_MS)}`);
}
