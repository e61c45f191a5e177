// What users do with their money: balances, withdraw addresses, withdrawals, deposits, internal
// transfers, the transaction list and automatic payout. Every movement goes through post() in the
// same transaction as the rows that describe it; every call that moves money carries the client's
// idempotency key, checked before the pay password and second factor so that a retry of a call
// whose answer was lost gets that answer instead of being asked for a spent code again. The second
// factor is checked before the pay password (secondFactorThenPin).
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { coinBaseDecimals, MAX_WITHDRAW_PARTS, walletSubject, type BusinessType, type WithdrawalStatus } from '@hashpool/shared';
import { queryRows, type Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { FailureCounter } from '../../platform/failure-counter';
import { underLease } from '../../platform/leases';
import type { PasswordHasher } from '../../platform/passwords';
import { miningAccounts, users } from '../accounts/accounts.tables';
import type { UserRow } from '../accounts/accounts.repository';
import type { ClientInfo } from '../accounts/session.service';
import type { SecurityService, Verification } from '../accounts/security.service';
import { checkWithdrawAddress } from './address-check';
import type { ChainAdapter } from './chain';
// Amounts are worked out with the ledger's decimal.js (80 digits): a split or a sum of a large
// amount with many decimals (18 for ETH) is exact.
import { balanceOf, balancesOf, LedgerDecimal as Decimal, post } from './ledger';
import { depositAddresses, deposits, internalTransfers, payoutSettings, walletCoinLimits, withdrawAddresses, withdrawals } from './wallet.tables';
import { freezeFunds } from './withdrawal-processor';

type WithdrawalRow = typeof withdrawals.$inferSelect;
type LimitsRow = typeof walletCoinLimits.$inferSelect;

const PAY_PASSWORD_FAILURES = 5;
const PAYOUT_SWITCH_MS = 24 * 3600_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const plain = (value: string | Decimal) => new Decimal(value).toFixed();

export function withdrawalView(w: WithdrawalRow) {
  return {
    id: w.id,
    request_id: w.requestId,
    part_no: w.partNo,
    parts: w.parts,
    coin: w.coin,
    address: w.address,
    amount: plain(w.amount),
    fee: plain(w.fee),
    status: w.status as WithdrawalStatus,
    origin: w.origin as 'user' | 'payout',
    txid: w.txid,
    reason: w.reason,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
}

/** An amount field error: more decimals than the coin's base unit has, or not a positive amount. */
function amountError(field = 'body.amount'): AppError {
  return new AppError('validation_failed', { fields: [{ field, messageKey: 'amount' }] });
}

/**
 * A positive amount in whole base units of the coin (the satoshi, the wei): what the ledger holds,
 * so a user can withdraw or transfer a whole balance. The display precision is for display only.
 */
function checkPrecision(coin: string, amount: string, field?: string): Decimal {
  const value = new Decimal(amount);
  if (value.lte(0) || value.decimalPlaces() > coinBaseDecimals(coin)) throw amountError(field);
  return value;
}

/** More than MAX_WITHDRAW_PARTS parts of the coin's single maximum `max`. */
function tooManyParts(coin: string, max: Decimal): AppError {
  return new AppError('withdraw_too_many_parts', { params: { limit: plain(max.times(MAX_WITHDRAW_PARTS)), max: plain(max), parts: String(MAX_WITHDRAW_PARTS), coin: coin.toUpperCase() } });
}

/**
 * Splits `amount` into the fewest parts of at most `max`, as equal as the coin's base unit allows.
 * The number of parts is worked out first (a division, nothing allocated) and more than
 * MAX_WITHDRAW_PARTS is refused before any part exists: nothing here grows with the amount a user
 * sent (SECURITY-CHECKLIST item 34). Callers bound the amount by the balance before.
 */
export function splitAmount(requested: Decimal, max: Decimal, coin: string): Decimal[] {
  if (!max.gt(0)) throw new Error(`wallet: the single maximum of ${coin} must be positive`);
  const amount = new Decimal(requested); // the ledger's precision, whatever the caller's decimal.js
  const count = amount.div(max).ceil();
  if (count.gt(MAX_WITHDRAW_PARTS)) throw tooManyParts(coin, max);
  const n = Math.max(1, count.toNumber());
  const part = amount.div(n).toDecimalPlaces(coinBaseDecimals(coin), Decimal.ROUND_DOWN);
  const parts = Array.from({ length: n - 1 }, () => part);
  parts.push(amount.minus(part.times(n - 1)));
  return parts;
}

export interface WalletDeps {
  db: Db;
  clock: Clock;
  chain: ChainAdapter;
  passwords: PasswordHasher;
  security: SecurityService;
  payPasswordFailures: FailureCounter;
  addressHoldHours: number;
  /** SECURITY_HOLD_HOURS: after a change of pay password, phone, email or a password reset. */
  securityHoldHours: number;
  /** Simulated-chain addresses are valid withdraw addresses (demo and tests). */
  allowSimulatedAddresses: boolean;
}

/**
 * The lease of one idempotency key's request. A request takes well under a second (argon2, a few
 * statements); a duplicate waits up to 15 s for it. A crashed holder's lease lapses after 10 s, so
 * the client's retry after a restart goes through. Money does not depend on the lease: the keys'
 * unique indexes keep a request that outlives it from being applied twice.
 */
const KEY_LEASE = { ttlMs: 10_000, waitMs: 15_000 };

export class WalletService {
  constructor(private readonly d: WalletDeps) {}

  /**
   * Runs the requests of one key one after the other, on whichever instance they arrive. A
   * duplicate sent while the first is still running (a double click, a retry after a client
   * timeout) would otherwise pass the key check before the first has written anything and then
   * fail on the second factor the first one just spent; waiting for it, it finds the first's
   * rows and gives its answer.
   */
  private oneAtATime<T>(name: string, work: () => Promise<T>): Promise<T> {
    return underLease(this.db, name, KEY_LEASE, work);
  }

  private get db() {
    return this.d.db;
  }

  async limits(coin: string): Promise<LimitsRow> {
    const [row] = await this.db.select().from(walletCoinLimits).where(eq(walletCoinLimits.coin, coin));
    if (!row) throw new AppError('coin_not_found');
    return row;
  }

  async balances(accountId: string) {
    const [held, limits] = await Promise.all([balancesOf(this.db, accountId), this.db.select().from(walletCoinLimits)]);
    const byCoin = new Map(held.map((b) => [b.coin, b]));
    return {
      list: limits
        .sort((a, b) => a.coin.localeCompare(b.coin))
        .map((l) => {
          const b = byCoin.get(l.coin);
          return {
            coin: l.coin,
            available: plain(b?.available ?? '0'),
            frozen: plain(b?.frozen ?? '0'),
            locked: plain(b?.locked ?? '0'),
            withdraw_enabled: l.withdrawEnabled,
            deposit_enabled: l.depositEnabled,
            min_withdraw: plain(l.minWithdraw),
            withdraw_fee: plain(l.withdrawFee),
            max_single_withdraw: plain(l.maxSingleWithdraw),
          };
        }),
    };
  }

  // ---- withdraw addresses -------------------------------------------------------------------

  async addresses(accountId: string, coin?: string) {
    const rows = await this.db
      .select()
      .from(withdrawAddresses)
      .where(and(eq(withdrawAddresses.accountId, accountId), isNull(withdrawAddresses.deletedAt), coin ? eq(withdrawAddresses.coin, coin) : undefined))
      .orderBy(desc(withdrawAddresses.createdAt));
    return rows.map((a) => ({ id: a.id, coin: a.coin, alias: a.alias, address: a.address, public_key: a.publicKey, chain: a.chain, created_at: a.createdAt.toISOString() }));
  }

  async addAddress(userId: string, accountId: string, body: { coin: string; alias: string; address: string; public_key?: string | undefined; chain?: number | undefined; verification: Verification }, client: ClientInfo) {
    const check = checkWithdrawAddress(body.coin, body.address, body.public_key, this.d.allowSimulatedAddresses);
    if (!check.ok) throw new AppError(check.error!);
    if (body.coin === 'kda' && (body.chain ?? 0) !== 0) throw new AppError('validation_failed', { fields: [{ field: 'body.chain', messageKey: 'invalid' }] });
    const user = await this.d.security.user(userId);
    await this.d.security.verifySecondFactor(user, 'withdraw_address', body.verification, walletSubject.withdrawAddress(body));
    const now = this.d.clock.now();
    const [row] = await this.db
      .insert(withdrawAddresses)
      .values({
        accountId,
        coin: body.coin,
        alias: body.alias,
        address: body.address,
        publicKey: body.coin === 'kda' ? (body.public_key ?? body.address.replace(/^k:/, '')) : null,
        chain: body.coin === 'kda' ? 0 : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .catch((error: unknown) => {
        if ((error as { cause?: { code?: string } }).cause?.code === '23505') throw new AppError('address_duplicate');
        throw error;
      });
    // A new address starts the withdrawal hold: an attacker who added one cannot use it at once.
    await this.d.security.alert(user, 'withdraw_address', client);
    return { id: row!.id, coin: row!.coin, alias: row!.alias, address: row!.address, public_key: row!.publicKey, chain: row!.chain, created_at: row!.createdAt.toISOString() };
  }

  async deleteAddress(accountId: string, id: string): Promise<void> {
    const done = await this.db
      .update(withdrawAddresses)
      .set({ deletedAt: this.d.clock.now() })
      .where(and(eq(withdrawAddresses.id, id), eq(withdrawAddresses.accountId, accountId), isNull(withdrawAddresses.deletedAt)))
      .returning({ id: withdrawAddresses.id });
    if (done.length === 0) throw new AppError('address_not_found');
  }

  // ---- the hold and the checks every outgoing movement passes ---------------------------------

  /** Until when withdrawals of this user wait after a security or withdraw-address change. */
  async holdUntil(user: UserRow): Promise<Date | null> {
    const [latest] = await queryRows<{ at: Date | string | null }>(
      this.db,
      sql`select max(a.created_at) as at from withdraw_addresses a join mining_accounts m on m.id = a.account_id where m.user_id = ${user.id}`,
    );
    const candidates = [
      user.securityChangedAt ? user.securityChangedAt.getTime() + this.d.securityHoldHours * 3600_000 : 0,
      latest?.at ? new Date(latest.at).getTime() + this.d.addressHoldHours * 3600_000 : 0,
    ];
    const until = Math.max(...candidates);
    return until > this.d.clock.now().getTime() ? new Date(until) : null;
  }

  private async checkHold(user: UserRow): Promise<void> {
    const until = await this.holdUntil(user);
    if (until) throw new AppError('withdraw_hold', { params: { until: until.toISOString().replace('T', ' ').slice(0, 16) } });
  }

  /**
   * The second factor, then the pay password (SECURITY-CHECKLIST item 39). A wrong or missing
   * second factor answers before the PIN is read: the same answer for a right and a wrong PIN,
   * and no PIN try counted, so a stolen access token alone learns nothing about the PIN. A right
   * one is spent before the PIN is checked, so every PIN try costs a code (concurrent requests
   * cannot try several PINs with one) and a mistyped PIN needs a new code.
   */
  private async secondFactorThenPin(user: UserRow, operation: 'withdraw' | 'transfer', verification: Verification, subject: string, payPassword: string): Promise<void> {
    await this.d.security.verifySecondFactor(user, operation, verification, subject);
    await this.checkPayPassword(user, payPassword);
  }

  /** Pay password, with its own failure limit (a 6-digit PIN must not be guessable online). */
  private async checkPayPassword(user: UserRow, payPassword: string): Promise<void> {
    if (!user.payPasswordHash) throw new AppError('pay_password_not_set');
    if ((await this.d.payPasswordFailures.count(user.id)) >= PAY_PASSWORD_FAILURES) throw new AppError('pay_password_locked');
    if (!(await this.d.passwords.verifyPayPassword(user.payPasswordHash, payPassword))) {
      await this.d.payPasswordFailures.add(user.id);
      throw new AppError('pay_password_incorrect');
    }
    await this.d.payPasswordFailures.clear(user.id);
  }

  // ---- withdrawals ----------------------------------------------------------------------------

  /** Refuses more than the sub-account's available balance: what every split is bounded by. */
  private async checkAvailable(accountId: string, coin: string, amount: Decimal): Promise<void> {
    const { available } = await balanceOf(this.db, accountId, coin);
    if (amount.gt(available)) throw new AppError('insufficient_balance');
  }

  async quote(userId: string, accountId: string, coin: string, amountText: string) {
    const limits = await this.limits(coin);
    const amount = checkPrecision(coin, amountText);
    // Bounded by the balance, then by the number of parts, before anything is split.
    await this.checkAvailable(accountId, coin, amount);
    const parts = splitAmount(amount, new Decimal(limits.maxSingleWithdraw), coin);
    const fee = new Decimal(limits.withdrawFee);
    const user = await this.d.security.user(userId).catch(() => undefined);
    return {
      coin,
      amount: amount.toFixed(),
      fee: fee.times(parts.length).toFixed(),
      receive: Decimal.max(0, amount.minus(fee.times(parts.length))).toFixed(),
      parts: parts.map((p) => ({ amount: p.toFixed(), fee: fee.toFixed() })),
      needs_review: amount.gt(limits.auditThreshold),
      hold_until: user ? iso(await this.holdUntil(user)) : null,
    };
  }

  private async existingRequest(accountId: string, key: string): Promise<WithdrawalRow[]> {
    return this.db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.accountId, accountId), eq(withdrawals.idempotencyKey, key)))
      .orderBy(withdrawals.partNo);
  }

  /** The first answer to a key, or a refusal when the key came with other content. */
  private replay(rows: WithdrawalRow[], coin: string, address: string, amount: Decimal) {
    const total = rows.reduce((sum, r) => sum.plus(r.amount), new Decimal(0));
    if (rows[0]!.coin !== coin || rows[0]!.address !== address || !total.eq(amount)) throw new AppError('idempotency_conflict');
    return { request_id: rows[0]!.requestId, parts: rows.map(withdrawalView) };
  }

  withdraw(userId: string, accountId: string, key: string, body: { coin: string; address_id: string; amount: string; pay_password: string; verification: Verification }) {
    return this.oneAtATime(`withdraw:${accountId}:${key}`, () => this.withdrawOnce(userId, accountId, key, body));
  }

  private async withdrawOnce(
    userId: string,
    accountId: string,
    key: string,
    body: { coin: string; address_id: string; amount: string; pay_password: string; verification: Verification },
  ) {
    const amount = checkPrecision(body.coin, body.amount);
    const [address] = await this.db
      .select()
      .from(withdrawAddresses)
      .where(and(eq(withdrawAddresses.id, body.address_id), eq(withdrawAddresses.accountId, accountId), eq(withdrawAddresses.coin, body.coin), isNull(withdrawAddresses.deletedAt)));
    const previous = await this.existingRequest(accountId, key);
    if (previous.length > 0) return this.replay(previous, body.coin, address?.address ?? '', amount);
    if (!address) throw new AppError('address_not_found');

    const user = await this.d.security.user(userId);
    if (!user.payPasswordHash) throw new AppError('pay_password_not_set');
    await this.checkHold(user);
    const limits = await this.limits(body.coin);
    if (!limits.withdrawEnabled) throw new AppError('withdraw_disabled');
    if (amount.lt(limits.minWithdraw)) throw new AppError('withdraw_below_minimum', { params: { min: plain(limits.minWithdraw), coin: body.coin.toUpperCase() } });
    await this.secondFactorThenPin(user, 'withdraw', body.verification, walletSubject.withdraw(body), body.pay_password);

    const rows = await this.createWithdrawal({ accountId, userId, coin: body.coin, address: address.address, publicKey: address.publicKey, chain: address.chain, amount, limits, key, origin: 'user' }).catch(async (error: unknown) => {
      // The same key raced in on another request: answer what that one did.
      if ((error as { cause?: { code?: string } }).cause?.code === '23505') return this.existingRequest(accountId, key);
      throw error;
    });
    return this.replay(rows, body.coin, address.address, amount);
  }

  /** The rows and the freezing posting of one request, split and marked for review as needed. */
  async createWithdrawal(w: {
    accountId: string;
    userId: string;
    coin: string;
    address: string;
    publicKey: string | null;
    chain: number | null;
    amount: Decimal;
    limits: LimitsRow;
    key: string;
    origin: 'user' | 'payout';
  }): Promise<WithdrawalRow[]> {
    const now = this.d.clock.now();
    // An early refusal before anything is split; the freezing posting below stays the atomic
    // check against a concurrent debit of the same balance.
    await this.checkAvailable(w.accountId, w.coin, w.amount);
    const parts = splitAmount(w.amount, new Decimal(w.limits.maxSingleWithdraw), w.coin);
    const fee = new Decimal(w.limits.withdrawFee);
    if (parts.some((p) => p.lte(fee))) throw new AppError('withdraw_below_minimum', { params: { min: plain(w.limits.minWithdraw), coin: w.coin.toUpperCase() } });
    const status = w.amount.gt(w.limits.auditThreshold) ? 'reviewing' : 'processing';
    const requestId = randomUUID();
    return inTransaction(this.db, async (tx) => {
      const rows = await tx
        .insert(withdrawals)
        .values(
          parts.map((p, i) => ({
            requestId,
            partNo: i + 1,
            parts: parts.length,
            accountId: w.accountId,
            userId: w.userId,
            coin: w.coin,
            address: w.address,
            publicKey: w.publicKey,
            chain: w.chain,
            amount: p.toFixed(),
            fee: fee.toFixed(),
            status,
            origin: w.origin,
            idempotencyKey: w.key,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning();
      for (const row of rows) await freezeFunds(tx, row, now);
      return rows.sort((a, b) => a.partNo - b.partNo);
    });
  }

  async withdrawals(accountId: string, coin: string | undefined, page: number, pageSize: number) {
    const where = and(eq(withdrawals.accountId, accountId), coin ? eq(withdrawals.coin, coin) : undefined);
    const [rows, [count]] = await Promise.all([
      this.db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.createdAt), withdrawals.partNo).limit(pageSize).offset((page - 1) * pageSize),
      this.db.select({ n: sql<number>`count(*)::int` }).from(withdrawals).where(where),
    ]);
    return { list: rows.map(withdrawalView), total: count?.n ?? 0 };
  }

  // ---- deposits -------------------------------------------------------------------------------

  async depositAddress(accountId: string, coin: string) {
    const limits = await this.limits(coin);
    if (!limits.depositEnabled) throw new AppError('deposit_disabled');
    const [existing] = await this.db.select().from(depositAddresses).where(and(eq(depositAddresses.accountId, accountId), eq(depositAddresses.coin, coin)));
    if (existing) return { coin, address: existing.address, confirmations: 1 };
    const address = await this.d.chain.depositAddress(coin, accountId);
    await this.db.insert(depositAddresses).values({ accountId, coin, address, createdAt: this.d.clock.now() }).onConflictDoNothing();
    const [row] = await this.db.select().from(depositAddresses).where(and(eq(depositAddresses.accountId, accountId), eq(depositAddresses.coin, coin)));
    return { coin, address: row!.address, confirmations: 1 };
  }

  async deposits(accountId: string, coin: string | undefined, page: number, pageSize: number) {
    const where = and(eq(deposits.accountId, accountId), coin ? eq(deposits.coin, coin) : undefined);
    const [rows, [count]] = await Promise.all([
      this.db.select().from(deposits).where(where).orderBy(desc(deposits.createdAt)).limit(pageSize).offset((page - 1) * pageSize),
      this.db.select({ n: sql<number>`count(*)::int` }).from(deposits).where(where),
    ]);
    return {
      list: rows.map((d) => ({
        id: d.id,
        coin: d.coin,
        address: d.address,
        txid: d.txid,
        amount: plain(d.amount),
        confirmations: d.confirmations,
        status: d.status as 'confirming' | 'credited',
        created_at: d.createdAt.toISOString(),
        credited_at: iso(d.creditedAt),
      })),
      total: count?.n ?? 0,
    };
  }

  // ---- internal transfers ---------------------------------------------------------------------

  transfer(userId: string, accountId: string, key: string, body: { coin: string; to_account: string; amount: string; pay_password: string; verification: Verification }) {
    return this.oneAtATime(`transfer:${accountId}:${key}`, () => this.transferOnce(userId, accountId, key, body));
  }

  private async transferOnce(userId: string, accountId: string, key: string, body: { coin: string; to_account: string; amount: string; pay_password: string; verification: Verification }) {
    const amount = checkPrecision(body.coin, body.amount);
    const [to] = await this.db.select().from(miningAccounts).where(sql`lower(${miningAccounts.name}) = ${body.to_account.toLowerCase()}`);
    const answer = (row: typeof internalTransfers.$inferSelect) => {
      if (row.coin !== body.coin || row.toAccountId !== to?.id || !new Decimal(row.amount).eq(amount)) throw new AppError('idempotency_conflict');
      return { id: row.id, coin: row.coin, amount: plain(row.amount), to_account: to.name, created_at: row.createdAt.toISOString() };
    };
    const byKey = () => this.db.select().from(internalTransfers).where(and(eq(internalTransfers.fromAccountId, accountId), eq(internalTransfers.idempotencyKey, key)));
    const [previous] = await byKey();
    if (previous) return answer(previous);
    if (!to) throw new AppError('transfer_account_invalid');
    if (to.id === accountId) throw new AppError('transfer_to_self');

    const user = await this.d.security.user(userId);
    if (!user.payPasswordHash) throw new AppError('pay_password_not_set');
    await this.checkHold(user);
    await this.secondFactorThenPin(user, 'transfer', body.verification, walletSubject.transfer(body), body.pay_password);

    const now = this.d.clock.now();
    const row = await inTransaction(this.db, async (tx) => {
      const [created] = await tx
        .insert(internalTransfers)
        .values({ fromAccountId: accountId, toAccountId: to.id, userId, coin: body.coin, amount: amount.toFixed(), idempotencyKey: key, createdAt: now })
        .returning();
      await post(
        tx,
        {
          idempotencyKey: `transfer:${created!.id}`,
          businessType: 'transfer',
          reference: `transfer:${created!.id}`,
          entries: [
            { holder: accountId, coin: body.coin, amount: `-${amount.toFixed()}` },
            { holder: to.id, coin: body.coin, amount: amount.toFixed() },
          ],
        },
        now,
      );
      return created!;
    }).catch(async (error: unknown) => {
      if ((error as { cause?: { code?: string } }).cause?.code === '23505') return (await byKey())[0]!;
      throw error;
    });
    return answer(row);
  }

  // ---- transactions (the ledger as the user sees it) --------------------------------------------

  async transactions(accountId: string, q: { coin?: string | undefined; business_type?: BusinessType | undefined; start?: string | undefined; end?: string | undefined; page: number; page_size: number }) {
    // Transfers are one business type in the ledger; the list names their direction.
    const type = q.business_type === 'transfer_in' || q.business_type === 'transfer_out' ? 'transfer' : q.business_type;
    const sign = q.business_type === 'transfer_in' ? sql`> 0` : q.business_type === 'transfer_out' ? sql`< 0` : sql`<> 0`;
    // The range is inclusive: a day as its end includes that whole day (UTC), a time itself.
    const endDay = q.end && /^\d{4}-\d{2}-\d{2}$/.test(q.end);
    const base = sql`from ledger_entries e join ledger_postings p on p.id = e.posting_id
      where e.holder = ${accountId}
        ${q.coin ? sql`and e.coin = ${q.coin}` : sql``}
        ${type ? sql`and p.business_type = ${type}` : sql``}
        ${q.start ? sql`and p.created_at >= ${new Date(q.start).toISOString()}` : sql``}
        ${q.end ? (endDay ? sql`and p.created_at < ${new Date(Date.parse(q.end) + 86_400_000).toISOString()}` : sql`and p.created_at <= ${new Date(q.end).toISOString()}`) : sql``}
      group by p.id, e.coin
      having coalesce(sum(e.amount) filter (where e.bucket = 'available'), 0) ${sign}`;
    const [rows, [count]] = await Promise.all([
      queryRows<{ id: string | number; business_type: string; coin: string; amount: string; reference: string | null; created_at: Date | string }>(
        this.db,
        sql`select p.id, p.business_type, e.coin, sum(e.amount) filter (where e.bucket = 'available')::text as amount, p.reference, p.created_at ${base}
            order by p.id desc limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`,
      ),
      queryRows<{ n: number }>(this.db, sql`select count(*)::int as n from (select 1 ${base}) s`),
    ]);
    const details = await this.referenceDetails(rows.map((r) => r.reference));
    return { list: rows.map((r) => this.transactionView(r, details)), total: count?.n ?? 0 };
  }

  private transactionView(r: { id: string | number; business_type: string; coin: string; amount: string; reference: string | null; created_at: Date | string }, details: Map<string, { txid: string | null; status: string }>) {
    const amount = new Decimal(r.amount);
    const businessType = (r.business_type === 'transfer' ? (amount.isNeg() ? 'transfer_out' : 'transfer_in') : r.business_type) as BusinessType;
    const detail = r.reference ? details.get(r.reference) : undefined;
    return {
      id: Number(r.id),
      business_type: businessType,
      coin: r.coin,
      amount: amount.toFixed(),
      txid: detail?.txid ?? null,
      status: r.business_type === 'withdraw' ? (detail?.status ?? 'processing') : 'completed',
      created_at: new Date(r.created_at).toISOString(),
    };
  }

  /** txid and status of the withdrawals and deposits the postings refer to. */
  private async referenceDetails(references: Array<string | null>) {
    const ids = (prefix: string) => references.filter((r): r is string => !!r?.startsWith(prefix)).map((r) => r.slice(prefix.length));
    const out = new Map<string, { txid: string | null; status: string }>();
    const w = ids('withdrawal:');
    if (w.length) for (const row of await this.db.select().from(withdrawals).where(inArray(withdrawals.id, w))) out.set(`withdrawal:${row.id}`, { txid: row.txid, status: row.status });
    const d = ids('deposit:');
    if (d.length) for (const row of await this.db.select().from(deposits).where(inArray(deposits.id, d))) out.set(`deposit:${row.id}`, { txid: row.txid, status: row.status });
    return out;
  }

  async fund(accountId: string, postingId: number) {
    const rows = await queryRows<{ id: string | number; business_type: string; coin: string; amount: string; reference: string | null; created_at: Date | string; memo: Record<string, string> | null }>(
      this.db,
      sql`select p.id, p.business_type, e.coin, coalesce(sum(e.amount) filter (where e.bucket = 'available'), 0)::text as amount, p.reference, p.created_at, p.memo
            from ledger_entries e join ledger_postings p on p.id = e.posting_id
           where e.holder = ${accountId} and p.id = ${postingId}
           group by p.id, e.coin`,
    );
    const row = rows[0];
    if (!row) throw new AppError('not_found');
    const details = await this.referenceDetails([row.reference]);
    let address: string | null = null;
    let fee: string | null = null;
    let counterparty: string | null = null;
    if (row.reference?.startsWith('withdrawal:')) {
      const [w] = await this.db.select().from(withdrawals).where(eq(withdrawals.id, row.reference.slice(11)));
      address = w?.address ?? null;
      fee = w ? plain(w.fee) : null;
    } else if (row.reference?.startsWith('deposit:')) {
      const [d] = await this.db.select().from(deposits).where(eq(deposits.id, row.reference.slice(8)));
      address = d?.address ?? null;
    } else if (row.reference?.startsWith('transfer:')) {
      const [t] = await queryRows<{ from_name: string; to_name: string; from_id: string }>(
        this.db,
        sql`select f.name as from_name, t.name as to_name, f.id as from_id from internal_transfers x
              join mining_accounts f on f.id = x.from_account_id join mining_accounts t on t.id = x.to_account_id
             where x.id = ${row.reference.slice(9)}`,
      );
      counterparty = t ? (t.from_id === accountId ? t.to_name : t.from_name) : null;
    }
    return { ...this.transactionView(row, details), reference: row.reference, memo: row.memo, address, fee, counterparty };
  }

  // ---- automatic payout -------------------------------------------------------------------------

  async payoutSettings(accountId: string) {
    const rows = await this.db.select().from(payoutSettings).where(eq(payoutSettings.accountId, accountId));
    return { list: rows.map((r) => ({ coin: r.coin, address_id: r.addressId, threshold: plain(r.threshold), enabled: r.enabled, updated_at: r.updatedAt.toISOString() })) };
  }

  async setPayout(accountId: string, body: { coin: string; address_id: string; threshold: string; enabled: boolean }) {
    const threshold = checkPrecision(body.coin, body.threshold, 'body.threshold');
    const limits = await this.limits(body.coin);
    if (threshold.lt(limits.minWithdraw)) throw new AppError('withdraw_below_minimum', { params: { min: plain(limits.minWithdraw), coin: body.coin.toUpperCase() } });
    const [address] = await this.db
      .select()
      .from(withdrawAddresses)
      .where(and(eq(withdrawAddresses.id, body.address_id), eq(withdrawAddresses.accountId, accountId), eq(withdrawAddresses.coin, body.coin), isNull(withdrawAddresses.deletedAt)));
    if (!address) throw new AppError('address_not_found');
    const now = this.d.clock.now();
    // SPEC.md section 6: the payout method can be switched, but not again within 24 hours. The
    // threshold alone may change at any time: it does not redirect money.
    const [current] = await this.db.select().from(payoutSettings).where(and(eq(payoutSettings.accountId, accountId), eq(payoutSettings.coin, body.coin)));
    const switches = current && (current.addressId !== body.address_id || current.enabled !== body.enabled);
    if (switches && now.getTime() - current.updatedAt.getTime() < PAYOUT_SWITCH_MS) {
      const until = new Date(current.updatedAt.getTime() + PAYOUT_SWITCH_MS);
      throw new AppError('payout_change_wait', { params: { until: until.toISOString().replace('T', ' ').slice(0, 16) } });
    }
    await this.db
      .insert(payoutSettings)
      .values({ accountId, coin: body.coin, addressId: body.address_id, threshold: threshold.toFixed(), enabled: body.enabled, updatedAt: now })
      .onConflictDoUpdate({
        target: [payoutSettings.accountId, payoutSettings.coin],
        set: { addressId: body.address_id, threshold: threshold.toFixed(), enabled: body.enabled, ...(switches ? { updatedAt: now } : {}) },
      });
    return this.payoutSettings(accountId);
  }

  /**
   * The daily payout run: every enabled setting whose available balance reached its threshold
   * withdraws that balance to its address, through the same path as a user's withdrawal. The
   * key names the day, so a second run on the same day pays nothing twice.
   */
  async runPayouts(day: string): Promise<number> {
    const due = await queryRows<{ account_id: string; user_id: string; coin: string; address_id: string; available: string }>(
      this.db,
      sql`select s.account_id, m.user_id, s.coin, s.address_id, b.available::text as available
            from payout_settings s
            join mining_accounts m on m.id = s.account_id
            join ledger_balances b on b.holder = s.account_id::text and b.coin = s.coin
           where s.enabled and b.available >= s.threshold`,
    );
    let paid = 0;
    for (const p of due) {
      const [user] = await this.db.select().from(users).where(eq(users.id, p.user_id));
      const [address] = await this.db.select().from(withdrawAddresses).where(and(eq(withdrawAddresses.id, p.address_id), isNull(withdrawAddresses.deletedAt)));
      if (!user || !address || (await this.holdUntil(user))) continue;
      const limits = await this.limits(p.coin);
      if (!limits.withdrawEnabled) continue;
      // One request takes at most MAX_WITHDRAW_PARTS parts: a larger balance is paid over the next days.
      const most = new Decimal(limits.maxSingleWithdraw).times(MAX_WITHDRAW_PARTS);
      const amount = Decimal.min(p.available, most).toDecimalPlaces(coinBaseDecimals(p.coin), Decimal.ROUND_DOWN);
      try {
        await this.createWithdrawal({ accountId: p.account_id, userId: p.user_id, coin: p.coin, address: address.address, publicKey: address.publicKey, chain: address.chain, amount, limits, key: `payout:${day}:${p.coin}`, origin: 'payout' });
        paid++;
      } catch (error) {
        // Already paid today (the key exists) or the balance moved meanwhile: next run.
        if (!(error instanceof AppError) && (error as { cause?: { code?: string } }).cause?.code !== '23505') throw error;
      }
    }
    return paid;
  }
}

