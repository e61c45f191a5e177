// Automatic payout: a sub-account's setting per coin (a saved withdraw address, a threshold, on or
// off; switching address or on/off waits 24 hours, docs/rules.md, States and transitions) and the daily run that
// withdraws every balance above its threshold through the same path as a user's withdrawal; and
// address mining's daily payment of every address wallet above the coin's minimum.
import { randomUUID } from 'node:crypto';
import { coinBaseDecimals, MAX_WITHDRAW_PARTS } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { AccountDirectory, AccountsApi } from '../accounts';
import { belowMinimum, userAmount } from './amounts';
import type { CoinLimits } from './coin-limits.service';
import { availableAtLeast, LedgerDecimal as Decimal } from '../ledger';
import { cappedPayout } from '../money';
import type { OutgoingChecks } from './outgoing-checks.service';
import { plain } from './wallet.presenter';
import * as repo from './wallet.repository';
import { freezeFunds } from './withdrawal-processor';
import type { WithdrawalsService } from './withdrawals.service';

const PAYOUT_SWITCH_MS = 24 * 3600_000;

export class PayoutsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly d: { limits: CoinLimits; checks: OutgoingChecks; withdrawals: WithdrawalsService; security: AccountsApi['security']; accounts: AccountDirectory },
  ) {}

  async settings(accountId: string) {
    const rows = await repo.listPayoutSettings(this.db, accountId);
    return { list: rows.map((r) => ({ coin: r.coin, address_id: r.addressId, threshold: plain(r.threshold), enabled: r.enabled, updated_at: r.updatedAt.toISOString() })) };
  }

  async set(accountId: string, body: { coin: string; address_id: string; threshold: string; enabled: boolean }) {
    const threshold = userAmount(body.coin, body.threshold, 'body.threshold');
    const limits = await this.d.limits.of(body.coin);
    if (threshold.lt(limits.minWithdraw)) throw belowMinimum(body.coin, limits.minWithdraw);
    if (!(await repo.findAddress(this.db, accountId, body.coin, body.address_id))) throw new AppError('address_not_found');
    const now = this.clock.now();
    // docs/rules.md, States and transitions: the payout method can be switched, but not again within 24 hours. The
    // threshold alone may change at any time: it does not redirect money.
    const current = await repo.findPayoutSetting(this.db, accountId, body.coin);
    const switches = Boolean(current && (current.addressId !== body.address_id || current.enabled !== body.enabled));
    if (switches && now.getTime() - current!.updatedAt.getTime() < PAYOUT_SWITCH_MS) {
      const until = new Date(current!.updatedAt.getTime() + PAYOUT_SWITCH_MS);
      throw new AppError('payout_change_wait', { params: { until: until.toISOString().replace('T', ' ').slice(0, 16) } });
    }
    await repo.savePayoutSetting(this.db, { accountId, coin: body.coin, addressId: body.address_id, threshold: threshold.toFixed(), enabled: body.enabled, updatedAt: now }, switches);
    return this.settings(accountId);
  }

  /**
   * The daily payout run: every enabled setting whose available balance reached its threshold
   * withdraws that balance to its address, through the same path as a user's withdrawal. The
   * key names the day, so a second run on the same day pays nothing twice; clients cannot send a
   * key beginning with `payout:` (CLIENT_KEY_PATTERN, platform/idempotency.ts).
   */
  async run(day: string): Promise<number> {
    const due = await this.duePayouts();
    const owners = await this.d.accounts.ownersOf(due.map((p) => p.account_id));
    let paid = 0;
    for (const p of due) {
      const userId = owners.get(p.account_id);
      const user = userId ? await this.d.security.user(userId).catch(() => undefined) : undefined;
      const address = await repo.findLiveAddressById(this.db, p.address_id);
      if (!user || !address || (await this.d.checks.holdUntil(user))) continue;
      const limits = await this.d.limits.of(p.coin);
      if (!limits.withdrawEnabled) continue;
      // One request takes at most MAX_WITHDRAW_PARTS parts: a larger balance is paid over the next days.
      const most = new Decimal(limits.maxSingleWithdraw).times(MAX_WITHDRAW_PARTS);
      const amount = cappedPayout(p.available, most, coinBaseDecimals(p.coin));
      try {
        await this.d.withdrawals.create({ accountId: p.account_id, userId: user.id, coin: p.coin, address: address.address, publicKey: address.publicKey, chain: address.chain, amount, limits, key: `payout:${day}:${p.coin}`, origin: 'payout' });
        paid++;
      } catch (error) {
        // Already paid today (the key exists), the balance moved meanwhile, or the amount is below
        // the coin's minimum as create() checks it now (an operator raised it after the threshold was
        // saved): this sub-account waits for a later run, the others are paid now.
        if (!(error instanceof AppError) && !isUniqueViolation(error)) throw error;
      }
    }
    return paid;
  }

  /**
   * The daily payment of address mining: every address wallet whose available balance reached the
   * coin's minimum payout gets it sent to its address (at most the coin's single maximum; the rest
   * goes the next day), as a withdrawal in processing that the withdrawal processor sends, settles
   * or fails and returns like any other (under review first when above the coin's review
   * threshold). The key names the day: a second run that day pays nothing. Answers how many
   * payments were made.
   */
  async runAddressPayouts(day: string): Promise<number> {
    const now = this.clock.now();
    let paid = 0;
    for (const w of await this.dueAddressPayouts()) {
      const amount = cappedPayout(w.available, w.max_single, coinBaseDecimals(w.coin));
      // Above the coin's review threshold it waits for an operator, as a sub-account's payout does.
      const status = amount.gt(w.audit) ? 'reviewing' : 'processing';
      try {
        const made = await inTransaction(this.db, async (tx) => {
          const row = await repo.insertAddressPayout(tx, { requestId: randomUUID(), partNo: 1, parts: 1, addressWalletId: w.id, coin: w.coin, address: w.address, amount: amount.toFixed(), fee: w.fee, status, origin: 'address_payout', idempotencyKey: `address-payout:${day}`, createdAt: now, updatedAt: now });
          if (!row) return false; // paid today already
          await freezeFunds(tx, row, now);
          return true;
        });
        if (made) paid++;
      } catch (error) {
        // The balance moved since it was read (an operator's adjustment): this wallet waits for the
        // next run, the others are paid now.
        if (!(error instanceof AppError)) throw error;
      }
    }
    return paid;
  }

  /** Enabled settings whose available balance reached the threshold, with that balance. */
  private async duePayouts() {
    const settings = await repo.enabledPayoutSettings(this.db);
    return this.withAvailable(settings, (s) => ({ holder: s.account_id, coin: s.coin, min: s.threshold }));
  }

  /** Address wallets whose available balance reached their coin's minimum payout and exceeds its fee, by coin and wallet. */
  private async dueAddressPayouts() {
    // The query reads the operators' switch; a coin whose chain is disabled is closed as well.
    const open = new Set((await this.d.limits.all()).filter((l) => l.withdrawEnabled).map((l) => l.coin));
    const wallets = (await repo.addressPayoutCandidates(this.db)).filter((w) => open.has(w.coin));
    const due = await this.withAvailable(wallets, (w) => ({ holder: w.id, coin: w.coin, min: w.min }));
    return due.filter((w) => new Decimal(w.available).gt(w.fee));
  }

  /** The candidates whose available balance reached their minimum (one ledger query), in their order, with it. */
  private async withAvailable<T>(candidates: T[], balanceOf: (c: T) => { holder: string; coin: string; min: string }): Promise<Array<T & { available: string }>> {
    const wanted = candidates.map(balanceOf);
    const reached = await availableAtLeast(this.db, wanted);
    const available = new Map(reached.map((b) => [`${b.holder}:${b.coin}`, b.available]));
    return candidates.flatMap((c, i) => {
      const balance = available.get(`${wanted[i]!.holder}:${wanted[i]!.coin}`);
      return balance === undefined ? [] : [{ ...c, available: balance }];
    });
  }

  /** An address's wallet of a coin, with what its completed payments sent; undefined before its first earnings. */
  addressWallet(coin: string, address: string) {
    return repo.findAddressWallet(this.db, coin, address);
  }

  /** A page of the payments sent to an address, newest first, and their number (kept past the last page). */
  addressPayments(coin: string, address: string, page: number, pageSize: number) {
    return repo.pageAddressPayments(this.db, coin, address, (page - 1) * pageSize, pageSize);
  }
}
