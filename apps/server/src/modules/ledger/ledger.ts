// post(): the only way money moves (docs/architecture.md, The ledger; docs/security.md items 26-29).
// A posting is written by the SQL function ledger_post_batch (migration 0005): the posting row
// (its idempotency key unique), its entries, and the cached balances updated by the same amounts. A debit that would take a user's
// balance below zero violates the balances' CHECK, which fails the statement and the caller's
// transaction: check-and-debit is atomic without reading first, and concurrent debits of one
// balance queue on its row lock. Balance rows are locked in sorted order, so two postings that
// move money both ways between the same holders cannot deadlock.
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import { coinBaseDecimals, COINS, LEDGER_DECIMALS } from '@hashpool/shared';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { metrics } from '../../platform/metrics';

export const BUCKETS = ['available', 'frozen', 'locked'] as const;
export type Bucket = (typeof BUCKETS)[number];

/** System accounts: counterparties of the users' wallets. Their balances may be negative. */
export const SYSTEM = {
  /** The outside world on chain: deposits come from it, withdrawals go to it. -balance = custody. */
  chain: 'sys:chain',
  /** Block rewards before settlement shares them out (the earnings module). */
  poolRevenue: 'sys:pool_revenue',
  /** Pool fees and withdrawal fees. */
  fees: 'sys:fees',
  /** Operator corrections ("system adjustment"). */
  adjustments: 'sys:adjustments',
  staking: 'sys:staking',
  loans: 'sys:loans',
  promotions: 'sys:promotions',
  /** Cloud-mining contracts: purchases paid from balances go in, daily contract profit comes out. */
  contracts: 'sys:contracts',
} as const;

export interface Entry {
  /** A mining account id, or a SYSTEM account. */
  holder: string;
  coin: string;
  bucket?: Bucket;
  /** Signed decimal string: positive credits the holder. */
  amount: string;
}

export interface PostingInput {
  idempotencyKey: string;
  businessType: string;
  reference?: string | null;
  memo?: Record<string, string> | null;
  entries: Entry[];
}

export interface PostingResult {
  postingId: number;
  /** True when the key had been posted before: nothing moved this time. */
  replayed: boolean;
}

const HOLDER = /^(sys:[a-z_]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const DECIMAL = /^-?\d{1,20}(\.\d{1,18})?$/;
const KNOWN_COINS = new Set(COINS.map((c) => c.code));

interface Normalised {
  holder: string;
  coin: string;
  bucket: Bucket;
  /** The amount in canonical decimal text (no trailing zeros): what is stored and hashed. */
  text: string;
}

// Amounts are summed as integers of 10^-18 (the columns' scale) in BigInt: exact like decimal.js,
// and several times cheaper, which settlement's hundreds of thousands of entries notice.
const SCALE = LEDGER_DECIMALS;

/**
 * Per coin, its base unit (CoinInfo.baseDecimals: the satoshi, the wei) in units of 10^-18. Ledger
 * amounts are whole base units (docs/security.md item 40): a finer amount is no money on the
 * coin's chain, and a credit cut finer than its base unit would hide a fraction nobody can pay.
 */
const BASE_UNIT = new Map(COINS.map((c) => [c.code, 10n ** BigInt(SCALE - c.baseDecimals)]));

/**
 * decimal.js for arithmetic on ledger amounts. numeric(38,18) holds 38 significant digits and
 * decimal.js rounds every result to 20 by default, so a sum, a difference or a split of a large
 * amount with many decimals (200.000000000000000001 ETH) would be rounded; at 80 digits it is
 * exact, and a quotient keeps digits well below any base unit.
 */
export const LedgerDecimal = Decimal.clone({ precision: 80 });
export type LedgerDecimal = Decimal;
/** What LedgerDecimal takes: a string, a number or another decimal. */
export type DecimalValue = Decimal.Value;

export function toUnits(text: string): bigint {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const dot = body.indexOf('.');
  const units = BigInt(dot < 0 ? body + '0'.repeat(SCALE) : body.slice(0, dot) + body.slice(dot + 1).padEnd(SCALE, '0'));
  return negative ? -units : units;
}

export function unitsText(units: bigint): string {
  const digits = (units < 0n ? -units : units).toString().padStart(SCALE + 1, '0');
  const fraction = digits.slice(-SCALE).replace(/0+$/, '');
  return `${units < 0n ? '-' : ''}${digits.slice(0, -SCALE)}${fraction ? `.${fraction}` : ''}`;
}

/** Checks the shape of a posting and that it balances; programming errors, not user input. */
function normalise(input: PostingInput): Normalised[] {
  if (!input.idempotencyKey || input.idempotencyKey.length > 200) throw new Error('ledger: idempotency key required (max 200 chars)');
  if (input.entries.length < 2) throw new Error('ledger: a posting needs at least two entries');
  const sums = new Map<string, bigint>();
  // Entries of one holder, coin and bucket are one entry (they are the entries' key).
  const merged = new Map<string, { holder: string; coin: string; bucket: Bucket; units: bigint }>();
  for (const e of input.entries) {
    if (!HOLDER.test(e.holder)) throw new Error(`ledger: bad holder ${e.holder}`);
    if (!KNOWN_COINS.has(e.coin)) throw new Error(`ledger: unknown coin ${e.coin}`);
    if (!DECIMAL.test(e.amount)) throw new Error(`ledger: bad amount ${e.amount}`);
    const units = toUnits(e.amount);
    if (units === 0n) throw new Error('ledger: zero entry');
    if (units % BASE_UNIT.get(e.coin)! !== 0n) throw new Error(`ledger: ${e.amount} ${e.coin} is finer than the coin's base unit (${coinBaseDecimals(e.coin)} decimals)`);
    sums.set(e.coin, (sums.get(e.coin) ?? 0n) + units);
    const bucket = e.bucket ?? 'available';
    const key = `${e.holder} ${e.coin} ${bucket}`;
    const same = merged.get(key);
    if (same) same.units += units;
    else merged.set(key, { holder: e.holder, coin: e.coin, bucket, units });
  }
  for (const [coin, sum] of sums) if (sum !== 0n) throw new Error(`ledger: ${coin} entries sum to ${unitsText(sum)}, not zero`);
  const entries: Normalised[] = [];
  for (const e of merged.values()) if (e.units !== 0n) entries.push({ holder: e.holder, coin: e.coin, bucket: e.bucket, text: unitsText(e.units) });
  if (entries.length === 0) throw new Error('ledger: the entries cancel out, nothing would move');
  return entries;
}

function requestHash(input: PostingInput, entries: Normalised[]): string {
  const canonical = JSON.stringify([
    input.businessType,
    input.reference ?? null,
    input.memo ? Object.entries(input.memo).sort(([a], [b]) => a.localeCompare(b)) : null,
    // Strings, not arrays, to sort: Array#sort compares arrays by joining them on every comparison.
    entries.map((e) => `${e.holder} ${e.coin} ${e.bucket} ${e.text}`).sort(),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** Net change per (holder, coin) and bucket as text, sorted: the order balance rows are locked in. */
function balanceDeltas(entries: Normalised[]): Array<{ h: string; c: string; a: string; f: string; l: string }> {
  // Entries are unique per holder, coin and bucket (normalise), so each bucket's change is the
  // text of at most one entry: no arithmetic.
  const byKey = new Map<string, { h: string; c: string; a: string; f: string; l: string }>();
  for (const e of entries) {
    const key = `${e.holder} ${e.coin}`;
    let row = byKey.get(key);
    if (!row) byKey.set(key, (row = { h: e.holder, c: e.coin, a: '0', f: '0', l: '0' }));
    row[e.bucket === 'available' ? 'a' : e.bucket === 'frozen' ? 'f' : 'l'] = e.text;
  }
  return [...byKey.values()].sort((x, y) => (x.h < y.h ? -1 : x.h > y.h ? 1 : x.c < y.c ? -1 : x.c > y.c ? 1 : 0));
}

/** One posting as ledger_post_batch (migration 0005) takes it. */
interface Prepared {
  input: PostingInput;
  hash: string;
  json: { k: string; h: string; t: string; r: string | null; m: Record<string, string> | null; at: string; e: object[]; d: object[] };
}

/** `deltas`: the per-balance changes ledger_post_batch needs (postCredits computes its own in SQL). */
function prepare(input: PostingInput, now: Date, deltas = true): Prepared {
  const entries = normalise(input);
  const hash = requestHash(input, entries);
  return {
    input,
    hash,
    json: {
      k: input.idempotencyKey,
      h: hash,
      t: input.businessType,
      r: input.reference ?? null,
      m: input.memo ?? null,
      at: now.toISOString(),
      e: entries.map((e) => ({ h: e.holder, c: e.coin, b: e.bucket, a: e.text })),
      d: deltas ? balanceDeltas(entries) : [],
    },
  };
}

interface Outcome {
  posting_id: string | number | null;
  outcome: 'ok' | 'replay' | 'insufficient';
  request_hash: string | null;
}

async function runBatch(db: DbOrTx, batch: Prepared[]): Promise<Outcome[]> {
  const rows = await queryRows<Outcome & { n: number }>(
    db,
    sql`select n, posting_id, outcome, request_hash from ledger_post_batch(${JSON.stringify(batch.map((p) => p.json))}::jsonb) order by n`,
  );
  if (rows.length !== batch.length) throw new Error(`ledger: ${batch.length} postings sent, ${rows.length} answered`);
  return rows;
}

function result(p: Prepared, o: Outcome): PostingResult {
  if (o.outcome === 'insufficient') throw new AppError('insufficient_balance');
  if (o.outcome === 'replay' && o.request_hash !== p.hash) throw new AppError('idempotency_conflict');
  return { postingId: Number(o.posting_id), replayed: o.outcome === 'replay' };
}

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock: the batch did nothing
const MAX_BATCH = 500;
const MAX_IN_FLIGHT = 2;

/**
 * Postings made outside a transaction, by concurrent requests, go to the database together: while
 * batches are on their way, the next postings wait and leave as the next batch. No delay when the
 * ledger is idle (a batch of one leaves at once); one round trip and one commit per batch when it
 * is busy. Each posting is still refused or accepted on its own. Two batches may run at once (the
 * database has more than one core); they lock their balances in one global order, and a batch
 * that still loses a deadlock (new balance rows) did nothing and is sent again.
 */
class Batcher {
  private queue: Array<{ p: Prepared; resolve: (r: PostingResult) => void; reject: (e: unknown) => void }> = [];
  private inFlight = 0;
  constructor(private readonly db: Db) {}

  post(p: Prepared): Promise<PostingResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ p, resolve, reject });
      if (this.inFlight < MAX_IN_FLIGHT) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.inFlight++;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          const outcomes = await this.run(batch.map((b) => b.p));
          batch.forEach((b, i) => {
            try {
              b.resolve(result(b.p, outcomes[i]!));
            } catch (error) {
              b.reject(error);
            }
          });
        } catch (error) {
          for (const b of batch) b.reject(error);
        }
      }
    } finally {
      this.inFlight--;
    }
  }

  private async run(batch: Prepared[]): Promise<Outcome[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await runBatch(this.db, batch);
      } catch (error) {
        if (attempt >= 5 || !RETRYABLE.has(sqlState(error) ?? '')) throw error;
      }
    }
  }
}

function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

const batchers = new WeakMap<object, Batcher>();

/**
 * Posts `input` on `db`: inside the caller's transaction when `db` is one (the posting commits or
 * rolls back with the caller's other writes), else on its own, batched with concurrent postings.
 * Throws AppError('insufficient_balance') when a user balance would go below zero (nothing of the
 * posting is written; the caller's transaction stays usable), and AppError('idempotency_conflict')
 * when the key was used for a different posting.
 */
/** One side of a movement: a holder's bucket (available unless said). */
export interface Side {
  holder: string;
  bucket?: Bucket;
}

/** The posting of `amount` (positive) of one coin going from one holder's bucket to another's. */
export function movement(m: { idempotencyKey: string; businessType: string; reference?: string | null; memo?: Record<string, string> | null; coin: string; amount: string; from: Side; to: Side }): PostingInput {
  const value = new LedgerDecimal(m.amount).toFixed();
  return {
    idempotencyKey: m.idempotencyKey,
    businessType: m.businessType,
    reference: m.reference ?? null,
    memo: m.memo ?? null,
    entries: [
      { holder: m.from.holder, coin: m.coin, bucket: m.from.bucket ?? 'available', amount: `-${value}` },
      { holder: m.to.holder, coin: m.coin, bucket: m.to.bucket ?? 'available', amount: value },
    ],
  };
}

export async function post(db: DbOrTx, input: PostingInput, now: Date = new Date()): Promise<PostingResult> {
  const p = prepare(input, now);
  let answer: PostingResult;
  if (db instanceof PgTransaction) {
    const [outcome] = await runBatch(db, [p]);
    answer = result(p, outcome!);
  } else {
    let batcher = batchers.get(db);
    if (!batcher) batchers.set(db, (batcher = new Batcher(db as Db)));
    answer = await batcher.post(p);
  }
  if (!answer.replayed) metrics.postings.inc({ business_type: input.businessType });
  return answer;
}

/**
 * Several postings inside the caller's transaction, as one batch: every balance they touch is
 * locked first in the one global (holder, coin) order, so a transaction that makes several
 * postings (one after another they would lock in the order they are made) cannot deadlock with
 * another. Each is idempotent as with post(); a refused one throws, so the transaction fails.
 */
export async function postAll(tx: Tx, inputs: readonly PostingInput[], now: Date = new Date()): Promise<PostingResult[]> {
  if (inputs.length === 0) return [];
  const prepared = inputs.map((input) => prepare(input, now));
  const outcomes = await runBatch(tx, prepared);
  return prepared.map((p, i) => {
    const answer = result(p, outcomes[i]!);
    if (!answer.replayed) metrics.postings.inc({ business_type: p.input.businessType });
    return answer;
  });
}

/** Postings per statement in postCredits: big enough to amortise a round trip, small enough to keep each commit short. */
const CREDIT_CHUNK = 5_000;
const CREDIT_IN_FLIGHT = 2;

/**
 * Settlement-sized: many postings that only credit users (their entries are positive; system
 * accounts may be debited), such as one "mining profit" posting per account, coin, day and
 * method. None can be refused for a balance, so they are written set-based, CREDIT_CHUNK postings
 * per statement and commit, each chunk on its own (not inside a caller's transaction): the
 * postings, their entries, and one balance change per (holder, coin), system accounts included,
 * instead of one per posting. Idempotent like post(): a key posted before answers 'replayed' (or
 * idempotency_conflict when its content differs), so a run resumed after a crash posts nothing
 * twice. Returns one result per input, in order.
 */
export async function postCredits(db: Db, inputs: PostingInput[], now: Date = new Date(), options: { chunkSize?: number } = {}): Promise<PostingResult[]> {
  const size = options.chunkSize ?? CREDIT_CHUNK;
  const prepareChunk = (from: number) => {
    const chunk = inputs.slice(from, from + size).map((input) => prepare(input, now, false));
    for (const p of chunk) {
      for (const e of p.json.e as Array<{ h: string; a: string }>) {
        if (!e.h.startsWith('sys:') && e.a.startsWith('-')) throw new Error(`ledger: postCredits debits user ${e.h}; use post()`);
      }
    }
    return chunk;
  };
  const results: PostingResult[] = [];
  // Two chunks in flight (the database has two cores to write them with) while the next is
  // prepared. They lock balances in the same (holder, coin) order, so they queue, not deadlock.
  const inFlight: Array<{ chunk: Prepared[]; written: Promise<Outcome[]> }> = [];
  const collect = async () => {
    const { chunk, written } = inFlight.shift()!;
    const outcomes = await written;
    chunk.forEach((p, n) => {
      const o = outcomes[n]!;
      // A key being posted by a concurrent call at this moment: not visible yet, never applied twice.
      if (o.outcome === 'replay' && o.request_hash === null) throw new Error(`ledger: posting ${p.input.idempotencyKey} is being written by another call; retry`);
      const r = result(p, o);
      if (!r.replayed) metrics.postings.inc({ business_type: p.input.businessType });
      results.push(r);
    });
  };
  try {
    for (let i = 0; i < inputs.length; i += size) {
      const chunk = prepareChunk(i);
      inFlight.push({ chunk, written: runCredits(db, chunk, now) });
      if (inFlight.length >= CREDIT_IN_FLIGHT) await collect();
    }
    while (inFlight.length > 0) await collect();
  } finally {
    // On an error, wait for what is still being written before answering.
    await Promise.allSettled(inFlight.map((f) => f.written));
  }
  return results;
}

async function runCredits(db: Db, chunk: Prepared[], now: Date): Promise<Outcome[]> {
  const postings = chunk.map((p, n) => ({ n: n + 1, k: p.json.k, h: p.json.h, t: p.json.t, r: p.json.r, m: p.json.m }));
  const entries = chunk.flatMap((p, n) => (p.json.e as Array<{ h: string; c: string; b: string; a: string }>).map((e) => ({ n: n + 1, ...e })));
  // One statement: data-modifying CTEs all run, and see the same snapshot. Balance rows are
  // changed in (holder, coin) order, the global lock order of ledger_post_batch.
  const rows = await queryRows<Outcome & { n: number }>(
    db,
    sql`with p as (select * from json_to_recordset(${JSON.stringify(postings)}::json) as x(n int, k text, h text, t text, r text, m jsonb)),
         ins as (insert into ledger_postings (idempotency_key, request_hash, business_type, reference, memo, created_at)
                 select k, h, t, r, m, ${now.toISOString()}::timestamptz from p order by n
                 on conflict (idempotency_key) do nothing returning id, idempotency_key),
         e as (select ins.id, x.h, x.c, x.b, x.a
                 from json_to_recordset(${JSON.stringify(entries)}::json) as x(n int, h text, c text, b text, a numeric)
                 join p on p.n = x.n join ins on ins.idempotency_key = p.k),
         ent as (insert into ledger_entries (posting_id, holder, coin, bucket, amount) select id, h, c, b, a from e),
         bal as (insert into ledger_balances as lb (holder, coin, available, frozen, locked, updated_at)
                 select h, c, coalesce(sum(a) filter (where b = 'available'), 0), coalesce(sum(a) filter (where b = 'frozen'), 0),
                        coalesce(sum(a) filter (where b = 'locked'), 0), ${now.toISOString()}::timestamptz
                   from e group by h, c order by h, c
                 on conflict (holder, coin) do update
                   set available = lb.available + excluded.available, frozen = lb.frozen + excluded.frozen,
                       locked = lb.locked + excluded.locked, updated_at = excluded.updated_at)
    -- Replays looked up one by one by key: a join would be planned as a scan of every posting.
    select p.n, coalesce(ins.id, (select lp.id from ledger_postings lp where lp.idempotency_key = p.k)) as posting_id,
           case when ins.id is null then 'replay' else 'ok' end as outcome,
           case when ins.id is null then (select lp.request_hash from ledger_postings lp where lp.idempotency_key = p.k) end as request_hash
      from p left join ins on ins.idempotency_key = p.k
     order by p.n`,
  );
  if (rows.length !== chunk.length) throw new Error(`ledger: ${chunk.length} postings sent, ${rows.length} answered`);
  return rows;
}

export interface Balance {
  coin: string;
  available: string;
  frozen: string;
  locked: string;
}

/** The cached balances of a holder, every coin it ever held. */
export async function balancesOf(db: DbOrTx, holder: string): Promise<Balance[]> {
  return queryRows<Balance>(
    db,
    sql`select coin, available::text as available, frozen::text as frozen, locked::text as locked
          from ledger_balances where holder = ${holder} order by coin`,
  );
}

/** A holder's balance of a coin (zeros without one); `holder` may be a subquery naming it (addressWalletIdQuery). */
export async function balanceOf(db: DbOrTx, holder: string | SQL, coin: string): Promise<Balance> {
  const [row] = await queryRows<Balance>(
    db,
    sql`select coin, available::text as available, frozen::text as frozen, locked::text as locked
          from ledger_balances where holder = ${holder}::text and coin = ${coin}`,
  );
  return row ?? { coin, available: '0', frozen: '0', locked: '0' };
}
