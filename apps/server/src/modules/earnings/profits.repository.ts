// SQL of what the profits pages read of the earnings tables: a sub-account's earned totals, its
// days (the daily settlement's row per method full-joined with the day's block payouts, with
// whether each is settled), and an address wallet's block payouts (address mining's pages).
import { sql, type SQL } from 'drizzle-orm';
import type { PayMethod } from '@hashpool/shared';
import { queryRows, sqlArray, type DbOrTx } from '../../db/client';

/** A day and method of a sub-account's earnings: settled work, fee, amount, and when it was credited. */
export interface DayRow {
  day: string;
  method: PayMethod;
  work: number;
  fee_rate: string;
  amount: string;
  settled: boolean;
  credited_at: string | Date | null;
  /** The number of rows of the range (every row carries it). */
  total: number;
}

/** A sub-account's earnings of a coin in all (daily settlement and block payouts), and those of `yesterday`. */
export async function earnedTotals(db: DbOrTx, accountId: string, coin: string, yesterday: string): Promise<{ total: string | null; yesterday: string | null } | undefined> {
  const [earned] = await queryRows<{ total: string | null; yesterday: string | null }>(
    db,
    sql`select sum(amount)::text as total, sum(amount) filter (where day = ${yesterday}::date)::text as yesterday
          from (select day, amount from profits where account_id = ${accountId} and coin = ${coin}
                union all select day, amount from block_payouts where account_id = ${accountId} and coin = ${coin}) e`,
  );
  return earned;
}

/**
 * earnedTotals of many sub-accounts and coins in one read, grouped by (sub-account, coin): per
 * sub-account id, per coin, the same sums. A pair that never earned is absent (earnedTotals'
 * total null). The ids and coins go as one array parameter each, however many there are.
 */
export async function earnedTotalsOf(db: DbOrTx, accountIds: readonly string[], coins: readonly string[], yesterday: string): Promise<Map<string, Map<string, { total: string | null; yesterday: string | null }>>> {
  const byAccount = new Map<string, Map<string, { total: string | null; yesterday: string | null }>>();
  if (accountIds.length === 0 || coins.length === 0) return byAccount;
  const mine = sql`account_id = any(${sqlArray(accountIds)}::uuid[]) and coin = any(${sqlArray(coins)}::text[])`;
  const rows = await queryRows<{ account_id: string; coin: string; total: string | null; yesterday: string | null }>(
    db,
    sql`select account_id::text as account_id, coin, sum(amount)::text as total, sum(amount) filter (where day = ${yesterday}::date)::text as yesterday
          from (select account_id, coin, day, amount from profits where ${mine}
                union all select account_id, coin, day, amount from block_payouts where ${mine}) e
         group by account_id, coin`,
  );
  for (const r of rows) {
    const perCoin = byAccount.get(r.account_id) ?? new Map<string, { total: string | null; yesterday: string | null }>();
    perCoin.set(r.coin, { total: r.total, yesterday: r.yesterday });
    byAccount.set(r.account_id, perCoin);
  }
  return byAccount;
}

/**
 * The days of a range, one row per method: the daily settlement's row full-joined with the sum of
 * the day's block payouts. Settled once the day's run and every block in it are done.
 */
export function dayRows(db: DbOrTx, accountId: string, coin: string, range: { start?: string | undefined; end?: string | undefined; newestFirst: boolean; limit?: number; offset?: number }): Promise<DayRow[]> {
  const mine = sql`account_id = ${accountId}::uuid and coin = ${coin} ${range.start ? sql`and day >= ${range.start}::date` : sql``} ${range.end ? sql`and day <= ${range.end}::date` : sql``}`;
  return queryRows<DayRow>(
    db,
    sql`with p as (
          select p.day, p.method, p.work, p.fee_rate, p.amount, r.status = 'done' as settled, r.finished_at
            from (select * from profits where ${mine}) p left join settlement_runs r on r.coin = p.coin and r.day = p.day
        ), b as (
          select bp.day, bp.method, max(bp.fee_rate) as fee_rate, sum(bp.amount) as amount, bool_and(s.status = 'done') as settled, max(s.finished_at) as finished_at
            from (select * from block_payouts where ${mine}) bp join block_settlements s on s.block_id = bp.block_id
           group by bp.day, bp.method
        )
        select to_char(coalesce(p.day, b.day), 'YYYY-MM-DD') as day, coalesce(p.method, b.method) as method, coalesce(p.work, 0)::float8 as work,
               coalesce(p.fee_rate, b.fee_rate)::text as fee_rate, (coalesce(p.amount, 0) + coalesce(b.amount, 0))::text as amount,
               coalesce(p.settled, true) and coalesce(b.settled, true) as settled, greatest(p.finished_at, b.finished_at) as credited_at,
               (count(*) over ())::int as total
          from p full join b on b.day = p.day and b.method = p.method
         order by 1 ${sql.raw(range.newestFirst ? 'desc' : 'asc')}, 2
         ${range.limit === undefined ? sql`` : sql`limit ${range.limit} offset ${range.offset ?? 0}`}`,
  );
}

/**
 * What a holder (an address wallet) was paid by blocks of a coin: in all, and per day
 * ("YYYY-MM-DD") from `from` on, in one read (ROLLUP's grand total is the row without a day).
 * `holder` may be a subquery naming it (addressWalletIdQuery).
 */
export async function blockPayoutsSince(db: DbOrTx, holder: string | SQL, coin: string, from: string): Promise<{ total: string | null; byDay: Array<{ day: string; amount: string }> }> {
  const rows = await queryRows<{ day: string | null; amount: string | null }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(amount)::text as amount from block_payouts
         where account_id = ${holder}::uuid and coin = ${coin}
         group by rollup(day) having grouping(day) = 1 or day >= ${from}::date`,
  );
  let total: string | null = null;
  const byDay: Array<{ day: string; amount: string }> = [];
  for (const r of rows) {
    if (r.day === null) total = r.amount;
    else byDay.push({ day: r.day, amount: r.amount ?? '0' });
  }
  return { total, byDay };
}
