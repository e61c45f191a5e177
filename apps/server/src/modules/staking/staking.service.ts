// Staking (docs/rules.md, Staking): stake into an active batch, add, reduce, unstake,
// claim, and the daily accrual and end of term. Staked ALEO moves from the sub-account's available
// bucket to its locked bucket in the ledger; rewards come from sys:staking. Each change is one
// posting keyed by its stake_changes row, written in the transaction that writes the row. A
// stake's reward is paid in whole base units and its fraction stays unclaimed while the stake is
// active; when the stake ends (unstaked, or completed) and its last payment is made, that fraction
// goes to the sub-account's carried fraction of ALEO (the earnings module's credit_remainders),
// paid with its next credit of the coin, in the same transaction.
import { MIN_STAKE, STAKING_COIN, type StakeBatchBody, type StakingOverview } from '@hashpool/shared';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { AccountDirectory } from '../accounts';
import type { EarningsApi } from '../earnings';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { oneRequestPerKey } from '../../platform/idempotency';
import { runEach } from '../../platform/run-each';
import { balanceOf, LedgerDecimal as D, movement, post, SYSTEM } from '../ledger';
import { plain, userAmount } from '../wallet';
import { batchView, stakeView } from './staking.presenter';
import * as repo from './staking.repository';
import { addDays, dayOf, dayReward, dayStart, interestToCover, minDecimal, rewardPayout } from './staking.rules';

const COIN = STAKING_COIN;

/** Settles the active loan of a locked stake (the loans service's settle); returns the stake as it is after. */
export type SettleLoan = (tx: Tx, stake: repo.StakeRow, now: Date) => Promise<repo.StakeRow>;

/** The earnings module's carried fractions: an ended stake's last fraction of reward goes there. */
export type CarriedFractions = Pick<EarningsApi['earnings'], 'creditsWithRemainders'>;

/** What a user's change asks (the amount normalised), to tell its retry from another request sent with its key. */
type ChangeRequest = { kind: 'stake'; accountId: string; batchId: string; amount: D } | { kind: 'reduce'; amount: D } | { kind: 'unstake' } | { kind: 'claim' };

/** Whether the change a key made (on `stake`) is what `asked` asks: the same operation, amount and stake. */
function sameRequest(asked: ChangeRequest, change: { kind: string; delta: string }, stake: repo.StakeRow): boolean {
  switch (asked.kind) {
    case 'stake':
      // A first stake or an addition: which one it was depends on the stake then, not on the request.
      return (change.kind === 'stake' || change.kind === 'add') && new D(change.delta).eq(asked.amount) && stake.batchId === asked.batchId && stake.accountId === asked.accountId;
    case 'reduce':
      return change.kind === 'reduce' && new D(change.delta).neg().eq(asked.amount);
    case 'unstake':
      // From the end day of the term an unstake is the end of the term.
      return change.kind === 'unstake' || change.kind === 'complete';
    case 'claim':
      return change.kind === 'claim';
  }
}

export class StakingService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly accounts: AccountDirectory,
    /** The end of a term settles the stake's loan first (the job's completion, and an unstake once the term is over). */
    private readonly settleLoan: SettleLoan,
    private readonly carried: CarriedFractions,
  ) {}

  private today(): string {
    return dayOf(this.clock.now());
  }

  // Reads

  /** Batches users may stake into (active, term not over), with their capacity left. */
  async overview(userId: string, accountId: string): Promise<StakingOverview> {
    const open = (await repo.batches(this.db, ['active'])).filter((b) => b.endDay > this.today() && b.coin === COIN);
    const found = await repo.activeStakeOf(this.db, userId);
    // The current sub-account's balances and stake. A user has one active stake; when it
    // is on another sub-account, the page names that one instead of showing its figures here.
    const stake = found?.accountId === accountId ? found : undefined;
    const elsewhere = found && !stake ? ((await this.accounts.nameOf(found.accountId)) ?? null) : null;
    const balance = await balanceOf(this.db, accountId, COIN);
    return {
      coin: COIN,
      min_stake: MIN_STAKE,
      available_balance: plain(balance.available),
      locked_balance: plain(balance.locked),
      batches: await this.batchViews(open),
      stake: stake ? await this.view(this.db, stake) : null,
      stake_account: elsewhere,
    };
  }

  private async batchViews(rows: repo.BatchRow[]) {
    const staked = await repo.stakedByBatch(this.db, rows.map((b) => b.id));
    return rows.map((b) => batchView(b, staked.get(b.id)?.amount ?? '0'));
  }

  private async view(db: Db | Tx, stake: repo.StakeRow) {
    const batch = (await repo.batchById(db, stake.batchId))!;
    const staked = await repo.stakedByBatch(db, [batch.id]);
    const loan = await repo.activeLoanOfStake(db, stake.id);
    return stakeView(stake, batchView(batch, staked.get(batch.id)?.amount ?? '0'), loan?.principalDue ?? '0');
  }

  // User actions

  /** A first stake, or an addition to the active one (same batch). */
  stake(userId: string, accountId: string, key: string, body: { batch_id: string; amount: string }) {
    const amount = userAmount(COIN, body.amount);
    return this.once(userId, key, { kind: 'stake', accountId, batchId: body.batch_id, amount }, async (tx, now) => {
      const batch = await repo.batchById(tx, body.batch_id, true);
      if (!batch || batch.status !== 'active' || batch.coin !== COIN || batch.endDay <= dayOf(now)) throw new AppError('stake_batch_not_found');
      const current = await repo.activeStakeOf(tx, userId, true);
      if (current && (current.batchId !== batch.id || current.accountId !== accountId)) throw new AppError('stake_one_active');
      if (amount.plus(current?.amount ?? 0).lt(MIN_STAKE)) throw new AppError('stake_below_minimum', { params: { min: MIN_STAKE } });
      const staked = (await repo.stakedByBatch(tx, [batch.id])).get(batch.id)?.amount ?? '0';
      const { available } = await balanceOf(tx, accountId, COIN);
      const max = D.max(0, minDecimal(new D(batch.maxAmount).minus(staked), available));
      if (amount.gt(max)) throw new AppError('stake_exceeds_max', { params: { max: plain(max) } });
      const stake = current
        ? await repo.updateStake(tx, current.id, { amount: amount.plus(current.amount).toFixed() })
        : await repo.insertStake(tx, { userId, accountId, batchId: batch.id, status: 'active', amount: amount.toFixed(), accruedThrough: dayOf(now), createdAt: now });
      await this.change(tx, stake, current ? 'add' : 'stake', amount, key, now, { from: { holder: accountId }, to: { holder: accountId, bucket: 'locked' } });
      return stake;
    });
  }

  /**
   * Takes part of the stake back (adjustable batches): it leaves at least the minimum, the borrowed
   * principal, and the interest an open loan owes and may still owe for the rest of its period.
   */
  reduce(userId: string, key: string, body: { amount: string }) {
    const amount = userAmount(COIN, body.amount);
    return this.once(userId, key, { kind: 'reduce', amount }, async (tx, now) => {
      const { stake, batch } = await this.activeForChange(tx, userId, now);
      if (batch.stakeType === 'full_lock') throw new AppError('stake_full_lock');
      const loan = await repo.openLoanOfStake(tx, stake.id);
      const borrowed = loan?.status === 'active' ? loan.principalDue : 0;
      const max = D.max(0, new D(stake.amount).minus(MIN_STAKE).minus(borrowed).minus(loan ? interestToCover(loan) : 0));
      if (amount.gt(max)) throw new AppError('stake_reduce_invalid', { params: { min: MIN_STAKE, max: plain(max) } });
      const updated = await repo.updateStake(tx, stake.id, { amount: new D(stake.amount).minus(amount).toFixed() });
      await this.change(tx, updated, 'reduce', amount.neg(), key, now, { from: { holder: stake.accountId, bucket: 'locked' }, to: { holder: stake.accountId } });
      return updated;
    });
  }

  /**
   * Ends the stake: the locked ALEO returns; a fixed term's rewards are lost before its end. Once
   * the term's end day has come it is the end of the term (as the job's): the loan settled, the
   * reward paid, never forfeited.
   */
  unstake(userId: string, key: string, body: { accept_forfeit: boolean }) {
    return this.once(userId, key, { kind: 'unstake' }, async (tx, now) => {
      const { stake: found, batch } = await this.activeForChange(tx, userId, now);
      if (batch.endDay <= dayOf(now)) return this.complete(tx, found, batch, now, key);
      if (batch.stakeType === 'full_lock') throw new AppError('stake_full_lock');
      const loan = await repo.openLoanOfStake(tx, found.id);
      if (loan?.status === 'active') throw new AppError('stake_loan_outstanding');
      if (loan) throw new AppError('stake_loan_pending');
      const fixed = batch.durationType === 'fixed';
      if (fixed && !body.accept_forfeit) throw new AppError('stake_forfeit_unconfirmed');
      // The days up to yesterday are earned (paid, or forfeited with the rest), also those the
      // job has not accrued yet: an unstaked stake is not accrued again.
      const { stake } = await this.accrueDays(tx, found, batch, addDays(dayOf(now), -1));
      const paid = fixed ? new D(0) : await this.payReward(tx, stake, `stake-reward:${stake.id}:unstake`, now);
      // A flexible term's last fraction goes to the sub-account's carried fraction (a fixed term's is forfeited).
      if (!fixed) await this.handOverFraction(tx, stake, rewardPayout(stake.unclaimedReward).unclaimed, now);
      const updated = await repo.updateStake(tx, stake.id, {
        status: 'unstaked',
        amount: '0',
        unclaimedReward: '0',
        claimedReward: paid.plus(stake.claimedReward).toFixed(),
        forfeitedReward: fixed ? new D(stake.forfeitedReward).plus(stake.unclaimedReward).toFixed() : stake.forfeitedReward,
        endedAt: now,
      });
      await this.change(tx, updated, 'unstake', new D(stake.amount).neg(), key, now, { from: { holder: stake.accountId, bucket: 'locked' }, to: { holder: stake.accountId } });
      return updated;
    });
  }

  /** Pays a flexible term's accrued reward (whole base units; the rest stays unclaimed). */
  claim(userId: string, key: string) {
    return oneRequestPerKey(this.db, `staking:${userId}:${key}`, async () => {
      const answer = ({ change, stake }: { change: { delta: string }; stake: repo.StakeRow }) => ({ stakeId: stake.id, paid: change.delta });
      const previous = await this.keyed(userId, key, { kind: 'claim' });
      const { stakeId, paid } = previous
        ? answer(previous)
        : await inTransaction(this.db, async (tx) => {
            const now = this.clock.now();
            const stake = await repo.activeStakeOf(tx, userId, true);
            if (!stake) throw new AppError('stake_not_found');
            const batch = (await repo.batchById(tx, stake.batchId))!;
            if (batch.durationType === 'fixed') throw new AppError('stake_claim_fixed');
            // The reward stays in the stake while a loan is open: the end of the term pays it after the settlement.
            if (await repo.openLoanOfStake(tx, stake.id)) throw new AppError('stake_claim_loan');
            const { pay, unclaimed } = rewardPayout(stake.unclaimedReward);
            if (pay.isZero()) throw new AppError('stake_nothing_to_claim');
            const change = await repo.insertChange(tx, { stakeId: stake.id, kind: 'claim', delta: pay.toFixed(), idempotencyKey: key, at: now });
            await this.payReward(tx, stake, `stake-reward:${change.id}`, now);
            await repo.updateStake(tx, stake.id, { unclaimedReward: unclaimed.toFixed(), claimedReward: pay.plus(stake.claimedReward).toFixed() });
            return { stakeId: stake.id, paid: pay.toFixed() };
          }).catch(async (error: unknown) => {
            // The key's first request outlived its lease and claimed meanwhile: its answer.
            const raced = await this.keyed(userId, key, { kind: 'claim' });
            if (raced) return answer(raced);
            throw error;
          });
      return { paid: plain(paid), stake: await this.view(this.db, (await repo.stakeById(this.db, stakeId))!) };
    });
  }

  /** The user's stake for a reduction or an unstake: from 00:00 UTC the day after staking. */
  private async activeForChange(tx: Tx, userId: string, now: Date) {
    const stake = await repo.activeStakeOf(tx, userId, true);
    if (!stake) throw new AppError('stake_not_found');
    const from = dayStart(addDays(dayOf(stake.createdAt), 1));
    if (now < from) throw new AppError('stake_unstake_wait', { params: { from: from.toISOString().replace('T', ' ').slice(0, 16) } });
    return { stake, batch: (await repo.batchById(tx, stake.batchId))! };
  }

  /**
   * Runs a user's change once per Idempotency-Key: a retry answers the stake as it is now; the key
   * sent with another request is refused (idempotency_conflict).
   */
  private async once(userId: string, key: string, asked: ChangeRequest, work: (tx: Tx, now: Date) => Promise<repo.StakeRow>) {
    return oneRequestPerKey(this.db, `staking:${userId}:${key}`, async () => {
      const previous = await this.keyed(userId, key, asked);
      const stake = previous
        ? previous.stake
        : await inTransaction(this.db, (tx) => work(tx, this.clock.now())).catch(async (error: unknown) => {
            // The key's first request outlived its lease (10 s) and made its change meanwhile: this
            // one then met its key's index, or the stake as that one left it. Its answer.
            const raced = await this.keyed(userId, key, asked);
            if (raced) return raced.stake;
            // Two first stakes at once: the one-active index lets one through.
            if (isUniqueViolation(error)) throw new AppError('stake_one_active');
            throw error;
          });
      return this.view(this.db, stake);
    });
  }

  /** The change the user made with this key and its stake, if any; idempotency_conflict when the key was for another request. */
  private async keyed(userId: string, key: string, asked: ChangeRequest) {
    const change = await repo.changeByKey(this.db, userId, key);
    if (!change) return undefined;
    const stake = (await repo.stakeById(this.db, change.stakeId))!;
    if (!sameRequest(asked, change, stake)) throw new AppError('idempotency_conflict');
    return { change, stake };
  }

  /** The stake_changes row and its posting (keyed by the row). */
  private async change(tx: Tx, stake: repo.StakeRow, kind: string, delta: D, key: string | null, now: Date, sides: { from: { holder: string; bucket?: 'locked' }; to: { holder: string; bucket?: 'locked' } }) {
    const row = await repo.insertChange(tx, { stakeId: stake.id, kind, delta: delta.toFixed(), idempotencyKey: key, at: now });
    // A stake a loan's settlement emptied ends with a change of 0 and no movement (the ledger takes none of 0).
    if (delta.isZero()) return;
    const businessType = delta.isNegative() ? 'unstake' : 'stake';
    await post(tx, movement({ idempotencyKey: `stake:${row.id}`, businessType, reference: `stake:${stake.id}`, coin: COIN, amount: delta.abs().toFixed(), ...sides }), now);
  }

  /**
   * An ended stake's last fraction of reward (below the base unit, left by its last payment): to
   * the sub-account's carried fraction of ALEO (the one carry mechanism), paid with its next
   * credit of the coin. A unit it completes with the fraction carried there is paid now from
   * sys:staking (key stake-reward:<stake>:carry). Runs in the transaction that ends the stake, once.
   */
  private async handOverFraction(tx: Tx, stake: repo.StakeRow, fraction: D, now: Date): Promise<void> {
    if (fraction.isZero()) return;
    const [unit] = await this.carried.creditsWithRemainders(tx, COIN, [{ holder: stake.accountId, exact: fraction }], now);
    if (!unit!.gt(0)) return;
    await post(tx, movement({ idempotencyKey: `stake-reward:${stake.id}:carry`, businessType: 'stake_reward', reference: `stake:${stake.id}`, memo: { fraction: fraction.toFixed() }, coin: COIN, amount: unit!.toFixed(), from: { holder: SYSTEM.staking }, to: { holder: stake.accountId } }), now);
  }

  /** Pays the whole base units of the unclaimed reward from sys:staking ("stake reward"). */
  private async payReward(tx: Tx, stake: repo.StakeRow, postingKey: string, now: Date): Promise<D> {
    const { pay } = rewardPayout(stake.unclaimedReward);
    if (pay.isZero()) return pay;
    await post(tx, movement({ idempotencyKey: postingKey, businessType: 'stake_reward', reference: `stake:${stake.id}`, coin: COIN, amount: pay.toFixed(), from: { holder: SYSTEM.staking }, to: { holder: stake.accountId } }), now);
    return pay;
  }

  // The daily job's steps (idempotent per day; the job runs them under a lease)

  /**
   * Accrues every full day up to yesterday (UTC) of every active stake: one row per stake and
   * day. A stake that fails (its row, a defect) does not stop the others; the pass reports it.
   */
  async accrue(): Promise<number> {
    const yesterday = addDays(this.today(), -1);
    let days = 0;
    await runEach(
      'stake rewards',
      await repo.stakesToAccrue(this.db, yesterday),
      (s) =>
        inTransaction(this.db, async (tx) => {
          const stake = await repo.stakeById(tx, s.id, true);
          if (stake?.status !== 'active') return;
          days += (await this.accrueDays(tx, stake, (await repo.batchById(tx, stake.batchId))!, yesterday)).days;
        }),
      (s) => s.id,
    );
    return days;
  }

  /**
   * The reward of each day of the term up to `through` that the locked, active stake has not
   * accrued yet: one row per stake and day (written once), the unclaimed reward raised by it.
   */
  private async accrueDays(tx: Tx, stake: repo.StakeRow, batch: repo.BatchRow, through: string): Promise<{ stake: repo.StakeRow; days: number }> {
    const last = batch.endDay <= through ? addDays(batch.endDay, -1) : through;
    let unclaimed = new D(stake.unclaimedReward);
    let days = 0;
    for (let day = addDays(stake.accruedThrough, 1); day <= last; day = addDays(day, 1)) {
      if (day >= batch.startDay) {
        const base = await repo.dayBase(tx, stake.id, dayStart(day), dayStart(addDays(day, 1)));
        const reward = dayReward(base, batch.annualRate, batch.feeRate);
        if (await repo.insertAccrual(tx, { stakeId: stake.id, day, base, reward: reward.toFixed() })) unclaimed = unclaimed.plus(reward);
      }
      days++;
    }
    if (days === 0) return { stake, days };
    return { stake: await repo.updateStake(tx, stake.id, { accruedThrough: last, unclaimedReward: unclaimed.toFixed() }), days };
  }

  /**
   * Ends the stakes of batches whose end day has come: their loan is settled first (from the
   * balance, then the stake), then the reward is paid and the rest of the stake returns.
   */
  async completeEnded(): Promise<number> {
    const ended = await repo.stakesEnded(this.db, this.today());
    const complete = (s: repo.StakeRow) =>
      inTransaction(this.db, async (tx) => {
        const now = this.clock.now();
        const found = await repo.stakeById(tx, s.id, true);
        if (found?.status !== 'active') return;
        await this.complete(tx, found, (await repo.batchById(tx, found.batchId))!, now, null);
      });
    // One stake that fails does not keep the others from ending; the pass reports it.
    await runEach('stake completion', ended, complete, (s) => s.id);
    return ended.length;
  }

  /**
   * The end of the term of a locked, active stake whose end day has come (the job's pass, or the
   * user's unstake with its key): its loan settled, the reward paid (its last fraction to the
   * sub-account's carried fraction), the rest returned. Once per
   * stake: the caller holds the stake's lock and saw it active; the reward's posting key is the stake's.
   */
  private async complete(tx: Tx, found: repo.StakeRow, batch: repo.BatchRow, now: Date, key: string | null): Promise<repo.StakeRow> {
    // Every day of the term is earned, also one the job has not accrued yet (a pass that
    // began before midnight reads the end day after it).
    let { stake } = await this.accrueDays(tx, found, batch, addDays(dayOf(now), -1));
    stake = await this.settleLoan(tx, stake, now);
    const paid = await this.payReward(tx, stake, `stake-reward:${stake.id}:end`, now);
    await this.handOverFraction(tx, stake, new D(stake.unclaimedReward).minus(paid), now);
    const updated = await repo.updateStake(tx, stake.id, {
      status: 'completed',
      amount: '0',
      unclaimedReward: '0',
      claimedReward: paid.plus(stake.claimedReward).toFixed(),
      endedAt: now,
    });
    const sides = { from: { holder: stake.accountId, bucket: 'locked' as const }, to: { holder: stake.accountId } };
    if (new D(stake.amount).gt(0)) await this.change(tx, updated, 'complete', new D(stake.amount).neg(), key, now, sides);
    // A user's key is kept even when the settlement took the whole stake, so a retry finds the change.
    else if (key) await repo.insertChange(tx, { stakeId: stake.id, kind: 'complete', delta: '0', idempotencyKey: key, at: now });
    return updated;
  }

  // Operators

  async adminBatches() {
    const rows = await repo.batches(this.db);
    const staked = await repo.stakedByBatch(this.db, rows.map((b) => b.id));
    return rows.map((b) => ({ ...batchView(b, staked.get(b.id)?.amount ?? '0'), staked_amount: plain(staked.get(b.id)?.amount ?? '0'), active_stakes: staked.get(b.id)?.count ?? 0 }));
  }

  /** Creates (`id` null) or updates a batch; `demo` labels a new one demo data (DEMO_SEED, no operator). */
  async saveBatch(adminId: string | null, id: string | null, body: StakeBatchBody, { demo = false }: { demo?: boolean } = {}) {
    if (body.end_day <= body.start_day) throw new AppError('stake_batch_invalid');
    const values = {
      code: body.code,
      coin: COIN,
      startDay: body.start_day,
      endDay: body.end_day,
      annualRate: body.annual_rate,
      feeRate: body.fee_rate,
      status: body.status,
      durationType: body.duration_type,
      stakeType: body.stake_type,
      maxAmount: body.max_amount,
      updatedAt: this.clock.now(),
      ...(demo ? { demo } : {}),
    };
    const row = await inTransaction(this.db, async (tx) => {
      const saved = id ? await repo.updateBatch(tx, id, values) : await repo.insertBatch(tx, values);
      if (!saved) throw new AppError('not_found');
      await this.audit.record({ adminUserId: adminId, action: id ? 'stake_batch.update' : 'stake_batch.create', target: saved.id, detail: { code: body.code, status: body.status, annual_rate: body.annual_rate, fee_rate: body.fee_rate, max_amount: body.max_amount } }, tx);
      return saved;
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('stake_batch_code_taken');
      throw error;
    });
    return (await this.batchViews([row]))[0]!;
  }
}
