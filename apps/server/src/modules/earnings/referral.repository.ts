// SQL of the referral programme's own rows: the day's earnings of every sub-account its rewards are
// a share of (settled daily profits and the block payouts computed that day), and the invitation
// rewards (invite_rewards) written once per inviter, coin and day and credited from.
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { inviteRewards } from './earnings.tables';

export type InviteRewardRow = typeof inviteRewards.$inferSelect;

/**
 * What each holder (a sub-account, or an address wallet) earned of each coin on `day`, counted once
 * that coin's day is settled: its daily profit rows of the done run, and its payouts of done blocks
 * computed that day. A holder that earned nothing on a counted row still has its row (zero).
 */
export function dayEarnings(db: DbOrTx, day: string) {
  return queryRows<{ account_id: string; coin: string; amount: string }>(
    db,
    sql`select p.account_id::text as account_id, p.coin, sum(p.amount)::text as amount
          from (select p.account_id, p.coin, p.amount from profits p
                  join settlement_runs r on r.coin = p.coin and r.day = p.day and r.status = 'done'
                 where p.day = ${day}::date
                union all
                select b.account_id, b.coin, b.amount from block_payouts b
                  join block_settlements s on s.block_id = b.block_id and s.status = 'done'
                  join settlement_runs r on r.coin = b.coin and r.day = b.day and r.status = 'done'
                 where b.day = ${day}::date) p
         group by p.account_id, p.coin`,
  );
}

/**
 * The coins with a block whose payouts are of `day` but not done yet (computed, its coinbase's
 * maturity not confirmed: a node that did not answer): their rewards of the day wait for it, as
 * a row, once written, is never recomputed.
 */
export async function coinsWithBlocksOpen(db: DbOrTx, day: string): Promise<Set<string>> {
  const rows = await queryRows<{ coin: string }>(
    db,
    sql`select distinct b.coin from block_payouts b
          join block_settlements s on s.block_id = b.block_id and s.status <> 'done'
         where b.day = ${day}::date`,
  );
  return new Set(rows.map((r) => r.coin));
}

/**
 * Days of [from, to] some coin's settlement of which was done three days or more after the day,
 * or a block with payouts of which was: past the look-back of the rewards' release
 * (referral.service.ts releaseDue).
 */
export async function daysSettledLate(db: DbOrTx, from: string, to: string): Promise<string[]> {
  // Also the days of a block paid that late (its node did not answer for days): the day's
  // rewards of its coin waited for it (coinsWithBlocksOpen).
  const rows = await queryRows<{ day: string }>(
    db,
    sql`select day::text as day from settlement_runs
         where status = 'done' and day between ${from}::date and ${to}::date
           and finished_at >= ((day + 3)::timestamp at time zone 'UTC')
        union
        select distinct b.day::text as day from block_payouts b
          join block_settlements s on s.block_id = b.block_id and s.status = 'done'
         where b.day between ${from}::date and ${to}::date
           and s.finished_at >= ((b.day + 3)::timestamp at time zone 'UTC')
         order by 1`,
  );
  return rows.map((r) => r.day);
}

/** The rewards of a day already written. */
export function rewardsOfDay(db: DbOrTx, day: string): Promise<InviteRewardRow[]> {
  return db.select().from(inviteRewards).where(eq(inviteRewards.day, day));
}

/** Writes rewards unless there (another instance wrote them meanwhile); answers how many were written. */
export async function insertRewards(tx: Tx, rows: Array<typeof inviteRewards.$inferInsert>): Promise<number> {
  const inserted = await tx.insert(inviteRewards).values(rows).onConflictDoNothing().returning({ inviterId: inviteRewards.inviterId });
  return inserted.length;
}

/** The rewards of a day with something to credit. */
export function rewardsToCredit(db: DbOrTx, day: string): Promise<InviteRewardRow[]> {
  return db.select().from(inviteRewards).where(and(eq(inviteRewards.day, day), gt(inviteRewards.amount, '0')));
}

/** An inviter's rewards in all, per coin. */
export function rewardTotals(db: DbOrTx, inviterId: string) {
  return queryRows<{ coin: string; total: string }>(db, sql`select coin, sum(amount)::text as total from invite_rewards where inviter_id = ${inviterId} group by coin order by coin`);
}

/** A page of an inviter's rewards that paid something, newest first, with their number. */
export async function rewardsPage(db: DbOrTx, inviterId: string, offset: number, limit: number): Promise<{ rows: InviteRewardRow[]; total: number }> {
  // Days whose reward was below one base unit (carried into a later one) paid nothing to list.
  const where = and(eq(inviteRewards.inviterId, inviterId), gt(inviteRewards.amount, '0'));
  const [rows, [total]] = await Promise.all([
    db.select().from(inviteRewards).where(where).orderBy(desc(inviteRewards.day), inviteRewards.coin).limit(limit).offset(offset),
    db.select({ n: count() }).from(inviteRewards).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
