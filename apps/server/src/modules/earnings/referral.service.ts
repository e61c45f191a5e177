// The referral programme (SPEC.md sections 1 and 9): a user's invitation code binds who registers
// with it to them (accounts issue); each settled day, the inviter earns 0.2 % of the invitees'
// mining earnings of that day, paid by the pool (not taken from the invitees) and released at
// 09:50 UTC+8. Like settlement, the rewards of a day are written once as rows and credited from
// those rows, one ledger key per inviter, coin and day: a second run or a run after a crash posts
// nothing twice. A coin's rewards wait for its settlement of the day to be done. The earnings of a
// day are the daily settlement's credits and the block payouts computed that day (PPLNS, SOLO,
// the fee part of PPS+), whose blocks are settled within minutes of maturing, long before 09:50.
// A reward is its exact 0.2 % plus the fraction of a base unit the inviter's earlier credits of
// the coin left, cut to the base unit (remainders.ts): a row is written even when that is zero, so
// the fraction is counted once, and the rest is carried into the next credit, never kept.
import Decimal from 'decimal.js';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { addDays, dayStart, REFERRAL_RATE_PERCENT, REFERRAL_RELEASE_UTC_MINUTES, utcDay } from '@hashpool/shared';
import { queryRows, type Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { users } from '../accounts/accounts.tables';
import { maskTarget } from '../accounts/auth.service';
import { postCredits, SYSTEM } from '../wallet/ledger';
import { inviteRewards } from './earnings.tables';
import { creditsWithRemainders } from './remainders';

/** 0.2 percent, as a fraction. */
export const REFERRAL_RATE = new Decimal(REFERRAL_RATE_PERCENT).div(100).toFixed();
/** 09:50 UTC+8 is 01:50 UTC of the day after the settled day. */
export const REFERRAL_RELEASE_MS = REFERRAL_RELEASE_UTC_MINUTES * 60_000;

class WrittenMeanwhile extends Error {}

/** When the rewards of `day` are released. */
export function referralReleaseTime(day: string): Date {
  return new Date(dayStart(addDays(day, 1)).getTime() + REFERRAL_RELEASE_MS);
}

export class ReferralService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Releases the rewards of `day` for every coin settled by now; nothing before 09:50 UTC+8. Answers how many were credited now. */
  async release(day: string): Promise<number> {
    const now = this.clock.now();
    if (now < referralReleaseTime(day)) return 0;
    const earned = await queryRows<{ inviter_id: string; account_id: string; coin: string; invitees: number; base: string }>(
      this.db,
      sql`select inviter.id as inviter_id, home.id as account_id, p.coin, count(distinct invitee.id)::int as invitees, sum(p.amount)::text as base
            from (select p.account_id, p.coin, p.amount from profits p
                    join settlement_runs r on r.coin = p.coin and r.day = p.day and r.status = 'done'
                   where p.day = ${day}::date
                  union all
                  select b.account_id, b.coin, b.amount from block_payouts b
                    join block_settlements s on s.block_id = b.block_id and s.status = 'done'
                    join settlement_runs r on r.coin = b.coin and r.day = b.day and r.status = 'done'
                   where b.day = ${day}::date) p
            join mining_accounts m on m.id = p.account_id
            join users invitee on invitee.id = m.user_id
            join users inviter on inviter.id = invitee.invited_by
            join mining_accounts home on home.user_id = inviter.id and home.is_default
           group by inviter.id, home.id, p.coin`,
    );
    const known = new Set((await this.db.select().from(inviteRewards).where(eq(inviteRewards.day, day))).map((r) => `${r.inviterId} ${r.coin}`));
    const fresh = earned.filter((e) => !known.has(`${e.inviter_id} ${e.coin}`) && new Decimal(e.base).gt(0));
    for (const coin of new Set(fresh.map((e) => e.coin))) {
      const rows = fresh.filter((e) => e.coin === coin);
      // A coin's rows are final once its settlement is done: written once, never recomputed. The
      // amounts and the carried fractions are decided in the same transaction; a row another
      // instance wrote meanwhile stands, and its fraction is not taken again.
      await inTransaction(this.db, async (tx) => {
        const credits = await creditsWithRemainders(tx, coin, rows.map((r) => ({ holder: r.account_id, exact: new Decimal(r.base).times(REFERRAL_RATE) })), now);
        const inserted = await tx
          .insert(inviteRewards)
          .values(rows.map((r, i) => ({ inviterId: r.inviter_id, coin, day, accountId: r.account_id, invitees: r.invitees, base: r.base, amount: credits[i]!.toFixed(), releasedAt: now })))
          .onConflictDoNothing()
          .returning({ inviterId: inviteRewards.inviterId });
        if (inserted.length < rows.length) throw new WrittenMeanwhile();
      }).catch((error: unknown) => {
        // Some were written by another instance since the rows were read: nothing of this
        // transaction stands (their fractions were taken here too); the next release writes the rest.
        if (!(error instanceof WrittenMeanwhile)) throw error;
      });
    }
    const stored = await this.db.select().from(inviteRewards).where(and(eq(inviteRewards.day, day), gt(inviteRewards.amount, '0')));
    const results = await postCredits(
      this.db,
      stored.map((r) => {
        const amount = new Decimal(r.amount).toFixed();
        return {
          idempotencyKey: `invite:${r.coin}:${day}:${r.inviterId}`,
          businessType: 'invitation_reward',
          reference: `invite:${day}`,
          memo: { day, invitees: String(r.invitees) },
          entries: [
            { holder: SYSTEM.promotions, coin: r.coin, amount: `-${amount}` },
            { holder: r.accountId, coin: r.coin, amount },
          ],
        };
      }),
      now,
    );
    return results.filter((r) => !r.replayed).length;
  }

  /** The days due by now (the last three, so a stopped server catches up). */
  async releaseDue(): Promise<number> {
    const today = utcDay(this.clock.now());
    let credited = 0;
    for (const back of [3, 2, 1]) credited += await this.release(addDays(today, -back));
    return credited;
  }

  // ---- what the inviter sees (/user/invite) ----

  async summary(userId: string) {
    const [user] = await this.db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId));
    const [invited] = await this.db.select({ n: count() }).from(users).where(eq(users.invitedBy, userId));
    const totals = await queryRows<{ coin: string; total: string }>(
      this.db,
      sql`select coin, sum(amount)::text as total from invite_rewards where inviter_id = ${userId} group by coin order by coin`,
    );
    return {
      invite_code: user?.code ?? '',
      invitees: invited?.n ?? 0,
      rate_percent: REFERRAL_RATE_PERCENT,
      totals: totals.map((t) => ({ coin: t.coin, amount: new Decimal(t.total).toFixed() })),
    };
  }

  async invitees(userId: string, page: { page: number; page_size: number }) {
    const where = eq(users.invitedBy, userId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ email: users.email, phoneCountry: users.phoneCountry, phone: users.phone, createdAt: users.createdAt })
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt))
        .limit(page.page_size)
        .offset((page.page - 1) * page.page_size),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return { list: rows.map((r) => ({ contact: maskTarget(r.email ? { channel: 'email', email: r.email } : { channel: 'sms', country: r.phoneCountry ?? '', phone: r.phone ?? '' }), registered_at: r.createdAt.toISOString() })), total: total?.n ?? 0 };
  }

  async rewards(userId: string, page: { page: number; page_size: number }) {
    // Days whose reward was below one base unit (carried into a later one) paid nothing to list.
    const where = and(eq(inviteRewards.inviterId, userId), gt(inviteRewards.amount, '0'));
    const [rows, [total]] = await Promise.all([
      this.db.select().from(inviteRewards).where(where).orderBy(desc(inviteRewards.day), inviteRewards.coin).limit(page.page_size).offset((page.page - 1) * page.page_size),
      this.db.select({ n: count() }).from(inviteRewards).where(where),
    ]);
    return {
      list: rows.map((r) => ({ day: r.day, coin: r.coin, invitees: r.invitees, base: new Decimal(r.base).toFixed(), amount: new Decimal(r.amount).toFixed(), released_at: r.releasedAt.toISOString() })),
      total: total?.n ?? 0,
    };
  }
}
