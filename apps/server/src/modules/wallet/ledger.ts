// post(): the only way money moves (ARCHITECTURE.md section 5, SECURITY-CHECKLIST items 26-29).
// A posting is ONE call of the SQL function ledger_post (migration 0005): the posting row (its
// idempotency key unique), its entries, and the cached balances updated by the same amounts. A debit that would take a user's
// balance below zero violates the balances' CHECK, which fails the statement and the caller's
// transaction: check-and-debit is atomic without reading first, and concurrent debits of one
// balance queue on its row lock. Balance rows are locked in sorted order, so two postings that
// move money both ways between the same holders cannot deadlock.
import { createHash } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { COINS } from '@hashpool/shared';
import { queryRows, sqlArray, type DbOrTx } from '../../db/client';
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
}

/** Checks the shape of a posting and that it balances; programming errors, not user input. */
function normalise(input: PostingInput): Normalised[] {
  if (!input.idempotencyKey || input.idempotencyKey.length > 200) throw new Error('ledger: idempotency key required (max 200 chars)');
  if (input.entries.length < 2) throw new Error('ledger: a posting needs at least two entries');
  const sums = new Map<string, Decimal>();
  const entries = input.entries.map((e) => {
    if (!HOLDER.test(e.holder)) throw new Error(`ledger: bad holder ${e.holder}`);
    if (!KNOWN_COINS.has(e.coin)) throw new Error(`ledger: unknown coin ${e.coin}`);
    if (!DECIMAL.test(e.amount)) throw new Error(`ledger: bad amount ${e.amount}`);
    const amount = new Decimal(e.amount);
    if (amount.isZero()) throw new Error('ledger: zero entry');
    sums.set(e.coin, (sums.get(e.coin) ?? new Decimal(0)).plus(amount));
    return { holder: e.holder, coin: e.coin, bucket: e.bucket ?? 'available', amount };
  });
  for (const [coin, sum] of sums) if (!sum.isZero()) throw new Error(`ledger: ${coin} entries sum to ${sum.toFixed()}, not zero`);
  return entries;
}

function requestHash(input: PostingInput, entries: Normalised[]): string {
  const canonical = JSON.stringify([
    input.businessType,
    input.reference ?? null,
    input.memo ? Object.entries(input.memo).sort(([a], [b]) => a.localeCompare(b)) : null,
    entries.map((e) => [e.holder, e.coin, e.bucket, e.amount.toFixed()]).sort(),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** Net change per (holder, coin) and bucket, sorted: the order balance rows are locked in. */
function balanceDeltas(entries: Normalised[]) {
  const byKey = new Map<string, { holder: string; coin: string; available: Decimal; frozen: Decimal; locked: Decimal }>();
  for (const e of entries) {
    const key = `${e.holder}\u0000${e.coin}`;
    const row = byKey.get(key) ?? { holder: e.holder, coin: e.coin, available: new Decimal(0), frozen: new Decimal(0), locked: new Decimal(0) };
    row[e.bucket] = row[e.bucket].plus(e.amount);
    byKey.set(key, row);
  }
  return [...byKey.values()].sort((a, b) => (a.holder < b.holder ? -1 : a.holder > b.holder ? 1 : a.coin < b.coin ? -1 : a.coin > b.coin ? 1 : 0));
}

function isBalanceCheckViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23514' && e.constraint === 'ledger_balances_non_negative') return true;
  }
  return false;
}

/**
 * Posts `input` on `db` (a transaction of the caller, or the database for a posting on its own).
 * Throws AppError('insufficient_balance') when a user balance would go below zero, and
 * AppError('idempotency_conflict') when the key was used for a different posting. Inside a
 * caller's transaction, either error leaves that transaction unusable: let it roll back.
 */
export async function post(db: DbOrTx, input: PostingInput, now: Date = new Date()): Promise<PostingResult> {
  const entries = normalise(input);
  const hash = requestHash(input, entries);
  const deltas = balanceDeltas(entries);
  let rows: Array<{ id: string | number | null }>;
  try {
    rows = await queryRows<{ id: string | number | null }>(
      db,
      sql`select ledger_post(
            ${input.idempotencyKey}, ${hash}, ${input.businessType}, ${input.reference ?? null}, ${input.memo ? JSON.stringify(input.memo) : null}::jsonb, ${now.toISOString()}::timestamptz,
            ${sqlArray(entries.map((e) => e.holder))}::text[], ${sqlArray(entries.map((e) => e.coin))}::text[], ${sqlArray(entries.map((e) => e.bucket))}::text[],
            ${sqlArray(entries.map((e) => e.amount.toFixed()))}::numeric[],
            ${sqlArray(deltas.map((d) => d.holder))}::text[], ${sqlArray(deltas.map((d) => d.coin))}::text[], ${sqlArray(deltas.map((d) => d.available.toFixed()))}::numeric[],
            ${sqlArray(deltas.map((d) => d.frozen.toFixed()))}::numeric[], ${sqlArray(deltas.map((d) => d.locked.toFixed()))}::numeric[]) as id`,
    );
  } catch (error) {
    if (isBalanceCheckViolation(error)) throw new AppError('insufficient_balance', { cause: error });
    throw error;
  }
  if (rows[0]?.id != null) return { postingId: Number(rows[0].id), replayed: false };
  const [existing] = await queryRows<{ id: string | number; request_hash: string }>(
    db,
    sql`select id, request_hash from ledger_postings where idempotency_key = ${input.idempotencyKey}`,
  );
  if (!existing) throw new Error('ledger: posting vanished after a key conflict');
  if (existing.request_hash !== hash) throw new AppError('idempotency_conflict');
  return { postingId: Number(existing.id), replayed: true };
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
