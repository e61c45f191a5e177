// post(): the only way money moves (ARCHITECTURE.md section 5, SECURITY-CHECKLIST items 26-29).
// A posting is written by the SQL function ledger_post_batch (migration 0005): the posting row
// (its idempotency key unique), its entries, and the cached balances updated by the same amounts. A debit that would take a user's
// balance below zero violates the balances' CHECK, which fails the statement and the caller's
// transaction: check-and-debit is atomic without reading first, and concurrent debits of one
// balance queue on its row lock. Balance rows are locked in sorted order, so two postings that
// move money both ways between the same holders cannot deadlock.
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { COINS } from '@hashpool/shared';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';

export const BUCKETS = ['available', 'frozen', 'locked'] as const;
export type Bucket = (typeof BUCKETS)[number];

/** System accounts: counterparties of the users' wallets. Their balances may be negative. */
export const SYSTEM = {
  /** The outside world on chain: deposits come from it, withdrawals go to it. -balance = custody. */
  chain: 'sys:chain',
  /** Block rewards before settlement shares them out (earnings issue). */
  poolRevenue: 'sys:pool_revenue',
  /** Pool fees and withdrawal fees. */
  fees: 'sys:fees',
  /** Operator corrections ("system adjustment"). */
  adjustments: 'sys:adjustments',
  staking: 'sys:staking',
  loans: 'sys:loans',
  promotions: 'sys:promotions',
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
  amount: Decimal;
  /** amount.toFixed(), computed once: settlement postings carry tens of thousands of entries. */
  text: string;
}

/** Checks the shape of a posting and that it balances; programming errors, not user input. */
function normalise(input: PostingInput): Normalised[] {
  if (!input.idempotencyKey || input.idempotencyKey.length > 200) throw new Error('ledger: idempotency key required (max 200 chars)');
  if (input.entries.length < 2) throw new Error('ledger: a posting needs at least two entries');
  const sums = new Map<string, Decimal>();
  // Entries of one holder, coin and bucket are one entry (they are the entries' key).
  const merged = new Map<string, { holder: string; coin: string; bucket: Bucket; amount: Decimal }>();
  for (const e of input.entries) {
    if (!HOLDER.test(e.holder)) throw new Error(`ledger: bad holder ${e.holder}`);
    if (!KNOWN_COINS.has(e.coin)) throw new Error(`ledger: unknown coin ${e.coin}`);
    if (!DECIMAL.test(e.amount)) throw new Error(`ledger: bad amount ${e.amount}`);
    const amount = new Decimal(e.amount);
    if (amount.isZero()) throw new Error('ledger: zero entry');
    sums.set(e.coin, (sums.get(e.coin) ?? new Decimal(0)).plus(amount));
    const bucket = e.bucket ?? 'available';
    const key = `${e.holder} ${e.coin} ${bucket}`;
    const same = merged.get(key);
    if (same) same.amount = same.amount.plus(amount);
    else merged.set(key, { holder: e.holder, coin: e.coin, bucket, amount });
  }
  for (const [coin, sum] of sums) if (!sum.isZero()) throw new Error(`ledger: ${coin} entries sum to ${sum.toFixed()}, not zero`);
  const entries = [...merged.values()].filter((e) => !e.amount.isZero());
  if (entries.length === 0) throw new Error('ledger: the entries cancel out, nothing would move');
  return entries.map((e) => ({ ...e, text: e.amount.toFixed() }));
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

function prepare(input: PostingInput, now: Date): Prepared {
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
      d: balanceDeltas(entries),
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
export async function post(db: DbOrTx, input: PostingInput, now: Date = new Date()): Promise<PostingResult> {
  const p = prepare(input, now);
  if (db instanceof PgTransaction) {
    const [outcome] = await runBatch(db, [p]);
    return result(p, outcome!);
  }
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new Batcher(db as Db)));
  return batcher.post(p);
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

export async function balanceOf(db: DbOrTx, holder: string, coin: string): Promise<Balance> {
  const [row] = await queryRows<Balance>(
    db,
    sql`select coin, available::text as available, frozen::text as frozen, locked::text as locked
          from ledger_balances where holder = ${holder} and coin = ${coin}`,
  );
  return row ?? { coin, available: '0', frozen: '0', locked: '0' };
}
