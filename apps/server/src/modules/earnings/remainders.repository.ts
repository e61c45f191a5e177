// SQL of the carried fractions (credit_remainders): each holder's fraction of a base unit not
// credited yet, per coin, read locked and written back in the transaction of the credit path that
// uses it (remainders.ts).
import { sql } from 'drizzle-orm';
import { queryRows, sqlArray, type Tx } from '../../db/client';

/**
 * The holders' carried fractions of `coin`; their rows are made (at 0) when missing and locked in
 * holder order, so two computations crediting one holder take turns.
 */
export async function lockRemainders(tx: Tx, coin: string, holders: readonly string[], now: Date): Promise<Array<{ holder: string; remainder: string }>> {
  await tx.execute(sql`insert into credit_remainders (holder, coin, remainder, updated_at)
    select h, ${coin}, 0, ${now.toISOString()}::timestamptz from unnest(${sqlArray(holders)}::text[]) as h order by h
    on conflict (holder, coin) do nothing`);
  return queryRows<{ holder: string; remainder: string }>(
    tx,
    sql`select holder, remainder::text as remainder from credit_remainders
         where coin = ${coin} and holder = any(${sqlArray(holders)}::text[]) order by holder for update`,
  );
}

/** Stores the holders' new fractions of `coin`. */
export async function saveRemainders(tx: Tx, coin: string, remainders: ReadonlyArray<{ holder: string; remainder: string }>, now: Date): Promise<void> {
  await tx.execute(sql`update credit_remainders r set remainder = x.remainder, updated_at = ${now.toISOString()}::timestamptz
    from unnest(${sqlArray(remainders.map((r) => r.holder))}::text[], ${sqlArray(remainders.map((r) => r.remainder))}::numeric[]) as x(holder, remainder)
   where r.holder = x.holder and r.coin = ${coin}`);
}
