// The referral programme (docs/rules.md, Limits and constants): a user's invitation code binds who registers
// with it to them (the accounts module); each settled day, the inviter earns 0.2 % of the invitees'
// mining earnings of that day, paid by the pool (not taken from the invitees) and released at
// 09:50 UTC+8. Like settlement, the rewards of a day are written once as rows and credited from
// those rows, one ledger key per inviter, coin and day: a second run or a run after a crash posts
// nothing twice. A coin's rewards wait for its settlement of the day to be done. The earnings of a
// day are the daily settlement's credits and the block payouts computed that day (PPLNS, SOLO,
// the fee part of PPS+), whose blocks are settled within minutes of maturing, long before 09:50;
// a coin with a block of the day computed but not yet done (its node did not answer) waits for it.
// A reward is its exact 0.2 % plus the fraction of a base unit the inviter's earlier credits of
// the coin left, cut to the base unit (remainders.ts): a row is written even when that is zero, so
// the fraction is counted once, and the rest is carried into the next credit, never kept.
import { LedgerDecimal as Decimal } from '../ledger';
import { addDays, dayStart, REFERRAL_RATE_PERCENT, REFERRAL_RELEASE_UTC_MINUTES, utcDay } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import type { AccountDirectory } from '../accounts';
import { LedgerDecimal, postCredits, SYSTEM } from '../ledger';
import { referralReward } from '../money';
import { inviteeView, inviteRewardView } from './earnings.presenter';
import * as repo from './referral.repository';
import { SETTLEMENT_CATCH_UP_DAYS } from './settlement.service';
import { creditsWithRemainders } from './remainders';

/** 09:50 UTC+8 is 01:50 UTC of the day after the settled day. */
export const REFERRAL_RELEASE_MS = REFERRAL_RELEASE_UTC_MINUTES * 60_000;

class WrittenMeanwhile extends Error {}

/** When the rewards of `day` are released. */
export function referralReleaseTime(day: string): Date {
  return new Date(dayStart(addDays(day, 1)).getTime() + REFERRAL_RELEASE_MS);
}

/** One inviter's share of a coin's day: the invitees' earnings it is 0.2 % of, and who gets it. */
interface Earned {
  inviter_id: string;
  /** The inviter's default sub-account, credited. */
  account_id: string;
  coin: string;
  invitees: number;
  base: string;
}

export class ReferralService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Who invited whom (the accounts module owns users). */
    private readonly accounts: Pick<AccountDirectory, 'invitersOf' | 'inviteCodeOf' | 'inviteeCount' | 'invitees'>,
  ) {}

  /**
   * Per inviter, default sub-account and coin: the day's earnings of the invitees' sub-accounts and
   * how many invitees earned them (two reads, whatever the number of sub-accounts).
   */
  private async earnedOn(day: string): Promise<Earned[]> {
    const earned = await repo.dayEarnings(this.db, day);
    const inviters = new Map<string, Array<{ inviteeId: string; inviterId: string; homeAccountId: string }>>();
    for (const i of await this.accounts.invitersOf(earned.map((e) => e.account_id))) inviters.set(i.accountId, [...(inviters.get(i.accountId) ?? []), i]);
    const groups = new Map<string, { inviter_id: string; account_id: string; coin: string; invitees: Set<string>; base: Decimal }>();
    for (const e of earned) {
      for (const i of inviters.get(e.account_id) ?? []) {
        const key = `${i.inviterId} ${i.homeAccountId} ${e.coin}`;
        const group = groups.get(key) ?? { inviter_id: i.inviterId, account_id: i.homeAccountId, coin: e.coin, invitees: new Set<string>(), base: new LedgerDecimal(0) };
        group.invitees.add(i.inviteeId);
        group.base = group.base.plus(e.amount);
        groups.set(key, group);
      }
    }
    return [...groups.values()].map((g) => ({ inviter_id: g.inviter_id, account_id: g.account_id, coin: g.coin, invitees: g.invitees.size, base: g.base.toFixed() }));
  }

  /** Releases the rewards of `day` for every coin settled by now; nothing before 09:50 UTC+8. Answers how many were credited now. */
  async release(day: string): Promise<number> {
    const now = this.clock.now();
    if (now < referralReleaseTime(day)) return 0;
    // A coin with a block of the day still being paid waits (its payouts would be left out for
    // good); read before the earnings, so a block done in between is waited for, not missed.
    const open = await repo.coinsWithBlocksOpen(this.db, day);
    const earned = await this.earnedOn(day);
    const known = new Set((await repo.rewardsOfDay(this.db, day)).map((r) => `${r.inviterId} ${r.coin}`));
    const fresh = earned.filter((e) => !known.has(`${e.inviter_id} ${e.coin}`) && !open.has(e.coin) && new Decimal(e.base).gt(0));
    for (const coin of new Set(fresh.map((e) => e.coin))) {
      const rows = fresh.filter((e) => e.coin === coin);
      // A coin's rows are final once its settlement is done: written once, never recomputed. The
      // amounts and the carried fractions are decided in the same transaction; a row another
      // instance wrote meanwhile stands, and its fraction is not taken again.
      await inTransaction(this.db, async (tx) => {
        const credits = await creditsWithRemainders(tx, coin, rows.map((r) => ({ holder: r.account_id, exact: referralReward(r.base) })), now);
        const written = await repo.insertRewards(
          tx,
          rows.map((r, i) => ({ inviterId: r.inviter_id, coin, day, accountId: r.account_id, invitees: r.invitees, base: r.base, amount: credits[i]!.toFixed(), releasedAt: now })),
        );
        if (written < rows.length) throw new WrittenMeanwhile();
      }).catch((error: unknown) => {
        // Some were written by another instance since the rows were read: nothing of this
        // transaction stands (their fractions were taken here too); the next release writes the rest.
        if (!(error instanceof WrittenMeanwhile)) throw error;
      });
    }
    const stored = await repo.rewardsToCredit(this.db, day);
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

  /**
   * The days due by now: the last three (so a stopped server catches up), and an older day of
   * the daily settlement's catch-up window settled since (earnings.jobs.ts), from the stored runs,
   * so that a restart between its settlement and its release loses nothing.
   */
  async releaseDue(): Promise<number> {
    const today = utcDay(this.clock.now());
    const late = await repo.daysSettledLate(this.db, addDays(today, -SETTLEMENT_CATCH_UP_DAYS - 1), addDays(today, -4));
    let credited = 0;
    for (const day of [...late, ...[3, 2, 1].map((back) => addDays(today, -back))]) credited += await this.release(day);
    return credited;
  }

  // ---- what the inviter sees (/user/invite) ----

  async summary(userId: string) {
    const code = await this.accounts.inviteCodeOf(userId);
    const invitees = await this.accounts.inviteeCount(userId);
    const totals = await repo.rewardTotals(this.db, userId);
    return {
      invite_code: code ?? '',
      invitees,
      rate_percent: REFERRAL_RATE_PERCENT,
      totals: totals.map((t) => ({ coin: t.coin, amount: new Decimal(t.total).toFixed() })),
    };
  }

  async invitees(userId: string, page: { page: number; page_size: number }) {
    const { list, total } = await this.accounts.invitees(userId, page);
    return { list: list.map(inviteeView), total };
  }

  async rewards(userId: string, page: { page: number; page_size: number }) {
    const { rows, total } = await repo.rewardsPage(this.db, userId, (page.page - 1) * page.page_size, page.page_size);
    return { list: rows.map(inviteRewardView), total };
  }
}
