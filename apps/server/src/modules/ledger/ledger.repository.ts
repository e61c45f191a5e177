// The ledger as users and operators read it: a holder's movements (one posting's change of the
// available amount per coin), one movement with its memo, and every entry of a holder (the
// operators' ledger view), and which of some holders reached a balance (for the modules that pay
// them out). Postings are written by ledger.ts only.
import { sql, type SQL } from 'drizzle-orm';
import type { BusinessType } from '@hashpool/shared';
import { queryRows, sqlArray, type DbOrTx } from '../../db/client';

/** One posting as a holder sees it: the change of its available amount of one coin. */
export interface MovementRow {
  id: string | number;
  business_type: string;
  coin: string;
  amount: string;
  reference: string | null;
  created_at: Date | string;
}

export interface MovementFilter {
  coin?: string | undefined;
  /** A ledger business type ("transfer" for both directions). */
  businessType?: string | undefined;
  /** Which changes count: credits, debits or both (transfers in, transfers out). */
  sign: 'in' | 'out' | 'any';
  /** Inclusive range of the postings' time. */
  from?: Date | undefined;
  to?: Date | undefined;
  /** `to` is the first instant after the range (a whole day as its end) rather than its last. */
  toExclusive?: boolean;
}

/** A page of the holder's movements, newest first, with their total. */
export async function pageMovements(db: DbOrTx, holder: string, f: MovementFilter, offset: number, limit: number): Promise<{ rows: MovementRow[]; total: number }> {
  const sign = f.sign === 'in' ? sql`> 0` : f.sign === 'out' ? sql`< 0` : sql`<> 0`;
  const to: SQL = f.to ? (f.toExclusive ? sql`and p.created_at < ${f.to.toISOString()}` : sql`and p.created_at <= ${f.to.toISOString()}`) : sql``;
  const base = sql`from ledger_entries e join ledger_postings p on p.id = e.posting_id
    where e.holder = ${holder}
      ${f.coin ? sql`and e.coin = ${f.coin}` : sql``}
      ${f.businessType ? sql`and p.business_type = ${f.businessType}` : sql``}
      ${f.from ? sql`and p.created_at >= ${f.from.toISOString()}` : sql``}
      ${to}
    group by p.id, e.coin
    having coalesce(sum(e.amount) filter (where e.bucket = 'available'), 0) ${sign}`;
  const [rows, [total]] = await Promise.all([
    queryRows<MovementRow>(db, sql`select p.id, p.business_type, e.coin, sum(e.amount) filter (where e.bucket = 'available')::text as amount, p.reference, p.created_at ${base} order by p.id desc limit ${limit} offset ${offset}`),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 ${base}) s`),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One posting of the holder (its available change per coin), with its memo. */
export async function movementOf(db: DbOrTx, holder: string, postingId: number): Promise<(MovementRow & { memo: Record<string, string> | null }) | undefined> {
  const [row] = await queryRows<MovementRow & { memo: Record<string, string> | null }>(
    db,
    sql`select p.id, p.business_type, e.coin, coalesce(sum(e.amount) filter (where e.bucket = 'available'), 0)::text as amount, p.reference, p.created_at, p.memo
          from ledger_entries e join ledger_postings p on p.id = e.posting_id
         where e.holder = ${holder} and p.id = ${postingId}
         group by p.id, e.coin`,
  );
  return row;
}

/** A page of the holder's entries, every bucket, newest first (the operators' ledger view). */
export async function pageEntries(db: DbOrTx, holder: string, offset: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    queryRows<{ id: string | number; business_type: BusinessType | 'transfer'; coin: string; bucket: string; amount: string; reference: string | null; created_at: Date | string }>(
      db,
      sql`select p.id, p.business_type, e.coin, e.bucket, e.amount::text as amount, p.reference, p.created_at
            from ledger_entries e join ledger_postings p on p.id = e.posting_id
           where e.holder = ${holder} order by e.posting_id desc, e.coin, e.bucket limit ${limit} offset ${offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from ledger_entries where holder = ${holder}`),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Of the given holders and coins, those whose available balance reached `min` (each its own),
 * with that balance. How another module finds who is due a payment without reading the ledger's
 * tables: it names the candidates and their thresholds, the ledger answers from its balances.
 */
export async function availableAtLeast(db: DbOrTx, wanted: ReadonlyArray<{ holder: string; coin: string; min: string }>): Promise<Array<{ holder: string; coin: string; available: string }>> {
  if (wanted.length === 0) return [];
  return queryRows<{ holder: string; coin: string; available: string }>(
    db,
    sql`select b.holder, b.coin, b.available::text as available
          from unnest(${sqlArray(wanted.map((w) => w.holder))}::text[], ${sqlArray(wanted.map((w) => w.coin))}::text[], ${sqlArray(wanted.map((w) => w.min))}::numeric[]) as w(holder, coin, min)
          join ledger_balances b on b.holder = w.holder and b.coin = w.coin
         where b.available >= w.min`,
  );
}

/** The posting of an idempotency key, if it was made. */
export async function postingOfKey(db: DbOrTx, idempotencyKey: string): Promise<number | undefined> {
  const [row] = await queryRows<{ id: string }>(db, sql`select id::text from ledger_postings where idempotency_key = ${idempotencyKey}`);
  return row ? Number(row.id) : undefined;
}

/**
 * What the postings of `reference` and `businessType` since `since` moved for `holder` in `coin`
 * (the sum of its entries' absolute amounts), leaving out the postings of `exceptKeys`: an
 * operator's adjustments of a day, for the four-eyes threshold, which one operator must not pass
 * in parts.
 */
export async function movedSince(db: DbOrTx, f: { reference: string; businessType: BusinessType; holder: string; coin: string; since: Date; exceptKeys?: readonly string[] }): Promise<string> {
  const [row] = await queryRows<{ moved: string }>(
    db,
    sql`select coalesce(sum(abs(e.amount)), 0)::text as moved
          from ledger_postings p join ledger_entries e on e.posting_id = p.id and e.holder = ${f.holder} and e.coin = ${f.coin}
         where p.reference = ${f.reference} and p.business_type = ${f.businessType} and p.created_at >= ${f.since.toISOString()}::timestamptz
           and not (p.idempotency_key = any(${sqlArray(f.exceptKeys ?? [])}::text[]))`,
  );
  return row?.moved ?? '0';
}
