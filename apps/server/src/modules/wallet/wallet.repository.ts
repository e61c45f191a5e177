// SQL of the wallet's tables (wallet.tables.ts): coin limits, withdraw addresses, withdrawals and
// their transitions, deposits, internal transfers, payout settings, address wallets. The ledger's
// postings are written and read by the ledger module (ledger/ledger.ts, ledger/ledger.repository.ts).
import { and, desc, eq, gte, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { WithdrawalStatus } from '@hashpool/shared';
import { first, inserted, queryRows, sqlArray, withTotal, type DbOrTx } from '../../db/client';
import { depositAddresses, deposits, internalTransfers, payoutSettings, walletApprovals, walletCoinLimits, withdrawAddresses, withdrawals } from './wallet.tables';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type LimitsRow = typeof walletCoinLimits.$inferSelect;
export type AddressRow = typeof withdrawAddresses.$inferSelect;
export type DepositRow = typeof deposits.$inferSelect;
export type TransferRow = typeof internalTransfers.$inferSelect;
export type PayoutSettingRow = typeof payoutSettings.$inferSelect;

const count = sql<number>`count(*)::int`;

// ---- coin limits ---------------------------------------------------------------------------------

export async function coinLimits(db: DbOrTx, coin: string): Promise<LimitsRow | undefined> {
  return first(db.select().from(walletCoinLimits).where(eq(walletCoinLimits.coin, coin)));
}

/** The coin's row, locked until the transaction ends (an operator's change). */
export async function lockCoinLimits(tx: DbOrTx, coin: string): Promise<LimitsRow | undefined> {
  return first(tx.select().from(walletCoinLimits).where(eq(walletCoinLimits.coin, coin)).for('update'));
}

export function allCoinLimits(db: DbOrTx): Promise<LimitsRow[]> {
  return db.select().from(walletCoinLimits);
}

// ---- withdraw addresses --------------------------------------------------------------------------

export function listAddresses(db: DbOrTx, accountId: string, coin?: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(withdrawAddresses)
    .where(and(eq(withdrawAddresses.accountId, accountId), isNull(withdrawAddresses.deletedAt), coin ? eq(withdrawAddresses.coin, coin) : undefined))
    .orderBy(desc(withdrawAddresses.createdAt));
}

/** A new address; a unique violation when the sub-account has it already. */
export async function insertAddress(db: DbOrTx, values: typeof withdrawAddresses.$inferInsert): Promise<AddressRow> {
  return inserted(db.insert(withdrawAddresses).values(values).returning());
}

/** Removes (marks deleted) the sub-account's address; false when it has no such live address. */
export async function deleteAddress(db: DbOrTx, accountId: string, id: string, at: Date): Promise<boolean> {
  const done = await db
    .update(withdrawAddresses)
    .set({ deletedAt: at })
    .where(and(eq(withdrawAddresses.id, id), eq(withdrawAddresses.accountId, accountId), isNull(withdrawAddresses.deletedAt)))
    .returning({ id: withdrawAddresses.id });
  return done.length > 0;
}

/** A sub-account's withdraw address of a coin; a removed one only with `includeDeleted` (the replay of an earlier request). */
export async function findAddress(db: DbOrTx, accountId: string, coin: string, id: string, includeDeleted = false): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawAddresses)
    .where(and(eq(withdrawAddresses.id, id), eq(withdrawAddresses.accountId, accountId), eq(withdrawAddresses.coin, coin), includeDeleted ? undefined : isNull(withdrawAddresses.deletedAt)));
  return row;
}

export async function findLiveAddressById(db: DbOrTx, id: string): Promise<AddressRow | undefined> {
  return first(db.select().from(withdrawAddresses).where(and(eq(withdrawAddresses.id, id), isNull(withdrawAddresses.deletedAt))));
}

/** When the newest withdraw address of these sub-accounts was added (deleted ones count: the hold stands). */
export async function latestAddressAt(db: DbOrTx, accountIds: string[]): Promise<Date | null> {
  if (accountIds.length === 0) return null;
  const [row] = await queryRows<{ at: Date | string | null }>(db, sql`select max(created_at) as at from withdraw_addresses where account_id = any(${sqlArray(accountIds)}::uuid[])`);
  return row?.at ? new Date(row.at) : null;
}

// ---- withdrawals ---------------------------------------------------------------------------------

/** The parts of the request a sub-account sent with this idempotency key, in order. */
export function requestByKey(db: DbOrTx, accountId: string, key: string): Promise<WithdrawalRow[]> {
  return db.select().from(withdrawals).where(and(eq(withdrawals.accountId, accountId), eq(withdrawals.idempotencyKey, key))).orderBy(withdrawals.partNo);
}

/** New withdrawal rows; a unique violation when the key was used (a raced duplicate). */
export function insertWithdrawals(db: DbOrTx, rows: Array<typeof withdrawals.$inferInsert>): Promise<WithdrawalRow[]> {
  return db.insert(withdrawals).values(rows).returning();
}

/**
 * A page of a sub-account's withdrawals, newest first, the parts of a request together in order.
 * The order is unique (request and part, then the id), so requests made at the same instant (the
 * daily payout's) page without repeats or gaps.
 */
export async function pageWithdrawals(db: DbOrTx, accountId: string, coin: string | undefined, offset: number, limit: number): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const where = and(eq(withdrawals.accountId, accountId), coin ? eq(withdrawals.coin, coin) : undefined);
  return withTotal(db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.createdAt), desc(withdrawals.requestId), withdrawals.partNo, withdrawals.id).limit(limit).offset(offset), db.select({ n: count }).from(withdrawals).where(where));
}

/**
 * Sub-accounts' withdrawals by status for operators (the review queue oldest first, else newest
 * first); address mining's daily payments are not among them.
 */
export async function pageAllWithdrawals(db: DbOrTx, status: WithdrawalStatus | undefined, offset: number, limit: number): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const where = and(isNotNull(withdrawals.accountId), status ? eq(withdrawals.status, status) : undefined);
  // A unique order (request and part, then the id): requests of one instant page without repeats or gaps.
  const order = status === 'reviewing' ? [withdrawals.createdAt, withdrawals.requestId] : [desc(withdrawals.createdAt), desc(withdrawals.requestId)];
  return withTotal(db.select().from(withdrawals).where(where).orderBy(...order, withdrawals.partNo, withdrawals.id).limit(limit).offset(offset), db.select({ n: count }).from(withdrawals).where(where));
}

export async function findWithdrawal(db: DbOrTx, id: string): Promise<WithdrawalRow | undefined> {
  return first(db.select().from(withdrawals).where(eq(withdrawals.id, id)));
}

/** The withdrawal, locked until the transaction ends (two operators deciding it take turns). */
export async function lockWithdrawal(tx: DbOrTx, id: string): Promise<WithdrawalRow | undefined> {
  return first(tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update'));
}

export function withdrawalsByIds(db: DbOrTx, ids: string[]): Promise<WithdrawalRow[]> {
  return ids.length ? db.select().from(withdrawals).where(inArray(withdrawals.id, ids)) : Promise.resolve([]);
}

/** What a sub-account withdrew of a coin in all (completed withdrawals, without their fees). */
export async function withdrawnTotal(db: DbOrTx, accountId: string, coin: string): Promise<string | null> {
  const [paid] = await queryRows<{ total: string | null }>(db, sql`select sum(amount - fee)::text as total from withdrawals where account_id = ${accountId} and coin = ${coin} and status = 'completed'`);
  return paid?.total ?? null;
}

/**
 * Withdrawals in a state, at most `limitPerCoin` of each coin: the processor's work. Per coin, so
 * that a coin whose node is down and whose withdrawals pile up (the daily payouts) does not fill
 * the batch and hold back the other coins'. Each coin's come in the order they were made, from
 * just after the withdrawal `resumeAfter` names for the coin (the last one the previous pass took
 * of a full batch) round to its oldest: withdrawals that stay where they are (payments whose
 * outcome the node will not tell, or that never confirm) cannot fill every batch and keep the
 * later ones waiting for ever. Listed by rank within their coin, so the coins take turns.
 */
export async function withdrawalsInState(db: DbOrTx, status: WithdrawalStatus, limitPerCoin: number, resumeAfter: ReadonlyMap<string, string> = new Map()): Promise<WithdrawalRow[]> {
  const after = [...resumeAfter.values()];
  // The marks are joined by coin, so a mark that is not its coin's (or gone) names nothing.
  const ranked = await queryRows<{ id: string }>(
    db,
    sql`select id from (
      select w.id, w.created_at, row_number() over (
        partition by w.coin
        order by (mark.id is not null and (w.created_at, w.id) <= (mark.created_at, mark.id)), w.created_at, w.id
      ) as n
      from withdrawals w left join withdrawals mark on mark.coin = w.coin and mark.id = any(${sqlArray(after)}::uuid[])
      where w.status = ${status}
    ) ranked where n <= ${limitPerCoin} order by n, created_at, id`,
  );
  if (ranked.length === 0) return [];
  const rows = await db.select().from(withdrawals).where(inArray(withdrawals.id, ranked.map((r) => r.id)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  // A row that left the state between the two reads is still returned: every step re-checks it.
  return ranked.flatMap((r) => byId.get(r.id) ?? []);
}

/** What a withdrawal request asked for: the sum of its parts. */
export async function requestAmount(db: DbOrTx, requestId: string): Promise<string> {
  const [row] = await queryRows<{ total: string }>(db, sql`select coalesce(sum(amount), 0)::text as total from withdrawals where request_id = ${requestId}`);
  return row!.total;
}

/** Marks a payment as told to the operators, once: false when it settled, failed or was marked meanwhile. */
export async function markStuckAlerted(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const marked = await db
    .update(withdrawals)
    .set({ stuckAlertedAt: at })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'broadcast'), isNull(withdrawals.stuckAlertedAt)))
    .returning({ id: withdrawals.id });
  return marked.length === 1;
}

/**
 * Marks a withdrawal in processing as being sent now (committed before the chain is asked), if its
 * send start is still `read` (none, or the start of a send whose outcome was unknown): a
 * compare-and-set, so of two passes that read the same row only one marks it, and only that one
 * may send. False when it left processing or another pass marked it meanwhile. Compared to the
 * millisecond, as far as a JavaScript date read it.
 */
export async function markSendStarted(db: DbOrTx, id: string, read: Date | null, at: Date): Promise<boolean> {
  const unchanged = read === null ? isNull(withdrawals.sendStartedAt) : sql`date_trunc('milliseconds', ${withdrawals.sendStartedAt}) = ${read.toISOString()}::timestamptz`;
  const marked = await db
    .update(withdrawals)
    .set({ sendStartedAt: at, updatedAt: at })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'processing'), unchanged))
    .returning({ id: withdrawals.id });
  return marked.length === 1;
}

/** Moves a withdrawal from `from` to `to` if it is still in `from`; false when another run moved it. */
export async function moveWithdrawal(db: DbOrTx, id: string, from: WithdrawalStatus, to: WithdrawalStatus, set: Partial<typeof withdrawals.$inferInsert>, at: Date): Promise<boolean> {
  const moved = await db
    .update(withdrawals)
    .set({ ...set, status: to, updatedAt: at })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, from)))
    .returning({ id: withdrawals.id });
  return moved.length === 1;
}

// ---- address wallets (address mining) --------------------------------------------------------------

/**
 * The id of an address's wallet of a coin as a scalar subquery (null before its first earnings), for
 * another module's read to name the holder in the same statement instead of looking it up first.
 */
export const addressWalletIdQuery = (coin: string, address: string): SQL => sql`(select id from address_wallets where coin = ${coin} and address = ${address})`;

/** The wallet ids of `addresses` of `coin`, making the missing ones. */
export async function ensureAddressWallets(db: DbOrTx, coin: string, addresses: string[]): Promise<Map<string, string>> {
  await db.execute(sql`insert into address_wallets (coin, address) select ${coin}, a from unnest(${sqlArray(addresses)}::text[]) as a on conflict (coin, address) do nothing`);
  const rows = await queryRows<{ address: string; id: string }>(db, sql`select address, id::text as id from address_wallets where coin = ${coin} and address = any(${sqlArray(addresses)}::text[])`);
  return new Map(rows.map((r) => [r.address, r.id]));
}

/** An address's wallet of a coin (address mining), with what its completed payments sent; none before its first earnings. */
export async function findAddressWallet(db: DbOrTx, coin: string, address: string): Promise<{ id: string; paid: string | null } | undefined> {
  const [wallet] = await queryRows<{ id: string; paid: string | null }>(
    db,
    sql`select w.id::text as id, (select sum(amount)::text from withdrawals x where x.address_wallet_id = w.id and x.status = 'completed') as paid
          from address_wallets w where w.coin = ${coin} and w.address = ${address}`,
  );
  return wallet;
}

/** A page of the payments sent to an address, newest first, each row with their number. */
export async function pageAddressPayments(db: DbOrTx, coin: string, address: string, offset: number, limit: number) {
  const rows = await queryRows<{ created_at: string | Date; amount: string; fee: string; txid: string | null; status: WithdrawalStatus; total: number }>(
    db,
    sql`select x.created_at, x.amount::text, x.fee::text, x.txid, x.status, (count(*) over ())::int as total
          from withdrawals x join address_wallets w on w.id = x.address_wallet_id
         where w.coin = ${coin} and w.address = ${address}
         order by x.created_at desc, x.id
         limit ${limit} offset ${offset}`,
  );
  // A page past the end has no row to carry the count: it is counted alone, so the pager keeps it.
  if (rows.length || offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from withdrawals x join address_wallets w on w.id = x.address_wallet_id
         where w.coin = ${coin} and w.address = ${address}`,
  );
  return { rows, total: count?.n ?? 0 };
}

/**
 * Address wallets of the coins whose withdrawals are enabled, with the coin's minimum payout, fee
 * and single maximum: the candidates of the daily address payment (the ledger says which reached
 * the minimum).
 */
export function addressPayoutCandidates(db: DbOrTx) {
  return queryRows<{ id: string; coin: string; address: string; min: string; fee: string; max_single: string; audit: string }>(
    db,
    sql`select w.id::text as id, w.coin, w.address, l.min_withdraw::text as min, l.withdraw_fee::text as fee, l.max_single_withdraw::text as max_single,
               l.audit_threshold::text as audit
          from address_wallets w
          join wallet_coin_limits l on l.coin = w.coin
         where l.withdraw_enabled
         order by w.coin, w.id`,
  );
}

/** An address wallet's payment of the day; undefined when that day's key was used (paid already). */
export async function insertAddressPayout(db: DbOrTx, values: typeof withdrawals.$inferInsert): Promise<WithdrawalRow | undefined> {
  const [row] = await db.insert(withdrawals).values(values).onConflictDoNothing().returning();
  return row;
}

// ---- deposits ------------------------------------------------------------------------------------

export async function findDepositAddress(db: DbOrTx, accountId: string, coin: string) {
  return first(db.select().from(depositAddresses).where(and(eq(depositAddresses.accountId, accountId), eq(depositAddresses.coin, coin))));
}

/** Keeps the first address of a sub-account and coin (a concurrent second one is dropped). */
export async function insertDepositAddress(db: DbOrTx, values: typeof depositAddresses.$inferInsert): Promise<void> {
  await db.insert(depositAddresses).values(values).onConflictDoNothing();
}

/**
 * A page of a sub-account's deposits, newest first. One scan records all it found at the same
 * instant: the id breaks the tie, so pages neither repeat nor skip a deposit.
 */
export async function pageDeposits(db: DbOrTx, accountId: string, coin: string | undefined, offset: number, limit: number): Promise<{ rows: DepositRow[]; total: number }> {
  const where = and(eq(deposits.accountId, accountId), coin ? eq(deposits.coin, coin) : undefined);
  return withTotal(db.select().from(deposits).where(where).orderBy(desc(deposits.createdAt), desc(deposits.id)).limit(limit).offset(offset), db.select({ n: count }).from(deposits).where(where));
}

export async function findDeposit(db: DbOrTx, id: string): Promise<DepositRow | undefined> {
  return first(db.select().from(deposits).where(eq(deposits.id, id)));
}

export function depositsByIds(db: DbOrTx, ids: string[]): Promise<DepositRow[]> {
  return ids.length ? db.select().from(deposits).where(inArray(deposits.id, ids)) : Promise.resolve([]);
}

export function depositAddressesOf(db: DbOrTx, coin: string) {
  return db.select().from(depositAddresses).where(eq(depositAddresses.coin, coin));
}

/** Payments seen on chain, as confirming deposits; a known one has its confirmations updated (and a failed one confirms anew). */
export async function recordIncoming(db: DbOrTx, rows: Array<typeof deposits.$inferInsert>): Promise<void> {
  // The node lists every transfer since the wallet began, so a busy coin's list is long: a statement
  // holds at most 65,535 parameters (9 a row), and one row may not be updated twice in a statement.
  const unique = [...new Map(rows.map((r) => [`${r.txid}:${r.vout ?? 0}`, r])).values()];
  for (let i = 0; i < unique.length; i += INCOMING_CHUNK) {
    await db
      .insert(deposits)
      .values(unique.slice(i, i + INCOMING_CHUNK))
      // A failed deposit listed again (a later reorganisation undid the double spend) confirms anew.
      .onConflictDoUpdate({ target: [deposits.coin, deposits.txid, deposits.vout], set: { confirmations: sql`excluded.confirmations`, status: sql`case when ${deposits.status} = 'failed' then 'confirming' else ${deposits.status} end` } });
  }
}
const INCOMING_CHUNK = 5_000;

/** The coin's confirming deposits of these transactions that have the coin's confirmations. */
export function confirmedDeposits(db: DbOrTx, coin: string, txids: string[], needed: number): Promise<DepositRow[]> {
  return db
    .select()
    .from(deposits)
    .where(and(eq(deposits.coin, coin), eq(deposits.status, 'confirming'), sql`${deposits.confirmations} >= ${needed}`, sql`${deposits.txid} = any(${sqlArray(txids)}::text[])`));
}

/** Confirming to credited, once; false when another run credited it. */
export async function markDepositCredited(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const moved = await db
    .update(deposits)
    .set({ status: 'credited', creditedAt: at })
    .where(and(eq(deposits.id, id), eq(deposits.status, 'confirming')))
    .returning({ id: deposits.id });
  return moved.length === 1;
}

/**
 * The coin's confirming or credited deposits, less than `depth` deep when last seen, whose
 * transactions are not among `listed`: those already seen replaced (negative depth, not yet final)
 * first, then the least recently asked about, so that all take their turn (among those never
 * asked, the credited ones: money already given).
 */
export function unlistedDeposits(db: DbOrTx, coin: string, listed: string[], depth: number, limit: number): Promise<DepositRow[]> {
  return db
    .select()
    .from(deposits)
    .where(and(eq(deposits.coin, coin), inArray(deposits.status, ['confirming', 'credited']), sql`${deposits.confirmations} < ${depth}`, sql`${deposits.txid} <> all(${sqlArray(listed)}::text[])`))
    .orderBy(sql`${deposits.confirmations} < 0 desc`, sql`${deposits.unlistedCheckedAt} asc nulls first`, sql`${deposits.status} = 'credited' desc`, desc(deposits.createdAt))
    .limit(limit);
}

/** What the chain said of an unlisted deposit's transaction, and when: its depth, where it knew it. */
export async function markDepositsChecked(db: DbOrTx, coin: string, txid: string, at: Date, confirmations: number | null): Promise<void> {
  await db
    .update(deposits)
    .set({ unlistedCheckedAt: at, ...(confirmations === null ? {} : { confirmations }) })
    .where(and(eq(deposits.coin, coin), eq(deposits.txid, txid)));
}

/** The coin's reversed deposits of these transactions confirmed on the chain again, not yet told of. */
export function relistedReversed(db: DbOrTx, coin: string, txids: string[]): Promise<DepositRow[]> {
  return db
    .select()
    .from(deposits)
    .where(and(eq(deposits.coin, coin), eq(deposits.status, 'reversed'), isNull(deposits.relistedAt), sql`${deposits.confirmations} >= 1`, sql`${deposits.txid} = any(${sqlArray(txids)}::text[])`));
}

/** Marks a reversed deposit as back on the chain, once; false when another run did. */
export async function markDepositRelisted(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const moved = await db.update(deposits).set({ relistedAt: at }).where(and(eq(deposits.id, id), eq(deposits.status, 'reversed'), isNull(deposits.relistedAt))).returning({ id: deposits.id });
  return moved.length === 1;
}

/** Confirming to failed, once: its transaction will never confirm. */
export async function markDepositFailed(db: DbOrTx, id: string): Promise<boolean> {
  const moved = await db.update(deposits).set({ status: 'failed' }).where(and(eq(deposits.id, id), eq(deposits.status, 'confirming'))).returning({ id: deposits.id });
  return moved.length === 1;
}

/** Credited to reversed, once; false when another run reversed it. */
export async function markDepositReversed(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const moved = await db.update(deposits).set({ status: 'reversed', reversedAt: at }).where(and(eq(deposits.id, id), eq(deposits.status, 'credited'))).returning({ id: deposits.id });
  return moved.length === 1;
}

export async function setDepositUnrecovered(db: DbOrTx, id: string, amount: string): Promise<void> {
  await db.update(deposits).set({ unrecovered: amount }).where(eq(deposits.id, id));
}

/**
 * Per coin, what the custody check adds to the ledger's side (custody.ts): withdrawals already
 * broadcast have left the chain wallet (with their network fee, where the node charged one) but not
 * the ledger yet; deposits with a confirmation but fewer than the coin asks (as the last scan saw
 * them) are in the wallet's balance but not yet credited.
 */
export async function custodyInTransit(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await queryRows<{ coin: string; amount: string }>(
    db,
    sql`select coin, sum(amount)::text as amount from (
          select coin, -(amount - fee + coalesce(network_fee, 0)) as amount from withdrawals where status = 'broadcast'
          union all
          select coin, amount from deposits where status = 'confirming' and confirmations >= 1
        ) t group by coin`,
  );
  return new Map(rows.map((r) => [r.coin, r.amount]));
}

// ---- internal transfers --------------------------------------------------------------------------

export async function transferByKey(db: DbOrTx, fromAccountId: string, key: string): Promise<TransferRow | undefined> {
  return first(db.select().from(internalTransfers).where(and(eq(internalTransfers.fromAccountId, fromAccountId), eq(internalTransfers.idempotencyKey, key))));
}

/** A new transfer; a unique violation when the key was used (a raced duplicate). */
export async function insertTransfer(db: DbOrTx, values: typeof internalTransfers.$inferInsert): Promise<TransferRow> {
  return inserted(db.insert(internalTransfers).values(values).returning());
}

export async function findTransfer(db: DbOrTx, id: string): Promise<TransferRow | undefined> {
  return first(db.select().from(internalTransfers).where(eq(internalTransfers.id, id)));
}

// ---- automatic payout ----------------------------------------------------------------------------

export function listPayoutSettings(db: DbOrTx, accountId: string): Promise<PayoutSettingRow[]> {
  return db.select().from(payoutSettings).where(eq(payoutSettings.accountId, accountId));
}

export async function findPayoutSetting(db: DbOrTx, accountId: string, coin: string): Promise<PayoutSettingRow | undefined> {
  return first(db.select().from(payoutSettings).where(and(eq(payoutSettings.accountId, accountId), eq(payoutSettings.coin, coin))));
}

/** Saves a setting; its time moves only when `switched` (a new address or on/off), not for the threshold alone. */
export async function savePayoutSetting(db: DbOrTx, values: PayoutSettingRow, switched: boolean): Promise<void> {
  await db
    .insert(payoutSettings)
    .values(values)
    .onConflictDoUpdate({
      target: [payoutSettings.accountId, payoutSettings.coin],
      set: { addressId: values.addressId, threshold: values.threshold, enabled: values.enabled, ...(switched ? { updatedAt: values.updatedAt } : {}) },
    });
}

/** Enabled payout settings with their thresholds: the candidates of the daily payout run (the ledger says which reached it). */
export function enabledPayoutSettings(db: DbOrTx) {
  return queryRows<{ account_id: string; coin: string; address_id: string; threshold: string }>(
    db,
    sql`select s.account_id::text as account_id, s.coin, s.address_id::text as address_id, s.threshold::text as threshold
          from payout_settings s
         where s.enabled`,
  );
}

// ---- operations: coin settings, four-eyes approvals, a user's wallet for operators

export async function updateCoinLimits(db: DbOrTx, coin: string, values: Partial<LimitsRow>): Promise<LimitsRow | undefined> {
  return first(db.update(walletCoinLimits).set(values).where(eq(walletCoinLimits.coin, coin)).returning());
}

export type ApprovalRow = typeof walletApprovals.$inferSelect;

export async function insertApproval(db: DbOrTx, values: typeof walletApprovals.$inferInsert): Promise<ApprovalRow> {
  return inserted(db.insert(walletApprovals).values(values).returning());
}

/** A new adjustment request; undefined when its target (operator and key) has one already (a unique index). */
export async function insertAdjustmentApproval(db: DbOrTx, values: typeof walletApprovals.$inferInsert): Promise<ApprovalRow | undefined> {
  return first(db.insert(walletApprovals).values({ ...values, kind: 'adjustment' }).onConflictDoNothing().returning());
}

export async function pendingApprovalOf(db: DbOrTx, target: string): Promise<ApprovalRow | undefined> {
  return first(db.select().from(walletApprovals).where(and(eq(walletApprovals.target, target), eq(walletApprovals.status, 'pending'), eq(walletApprovals.kind, 'withdrawal'))).for('update'));
}

export async function findPendingApproval(db: DbOrTx, id: string): Promise<ApprovalRow | undefined> {
  return first(db.select().from(walletApprovals).where(and(eq(walletApprovals.id, id), eq(walletApprovals.status, 'pending'))).for('update'));
}

/** Marks a pending approval done; false when another confirmation got there first. */
export async function closeApproval(db: DbOrTx, id: string, decidedBy: string, at: Date): Promise<boolean> {
  const rows = await db.update(walletApprovals).set({ status: 'done', decidedBy, decidedAt: at }).where(and(eq(walletApprovals.id, id), eq(walletApprovals.status, 'pending'))).returning({ id: walletApprovals.id });
  return rows.length === 1;
}

/** Closes the pending request `id` as declined (an operator declined it): the row, or undefined when it was not pending. */
export async function declineApproval(db: DbOrTx, id: string, decidedBy: string, at: Date): Promise<ApprovalRow | undefined> {
  const [row] = await db.update(walletApprovals).set({ status: 'declined', decidedBy, decidedAt: at }).where(and(eq(walletApprovals.id, id), eq(walletApprovals.status, 'pending'))).returning();
  return row;
}

/** Closes the pending request of `target` as declined (its withdrawal was rejected), if any. */
export async function declineApprovalOf(db: DbOrTx, target: string, decidedBy: string, at: Date): Promise<void> {
  await db.update(walletApprovals).set({ status: 'declined', decidedBy, decidedAt: at }).where(and(eq(walletApprovals.target, target), eq(walletApprovals.status, 'pending')));
}

export function pendingApprovals(db: DbOrTx): Promise<ApprovalRow[]> {
  return db.select().from(walletApprovals).where(eq(walletApprovals.status, 'pending')).orderBy(desc(walletApprovals.requestedAt)).limit(200);
}

/** Sub-accounts with a live withdraw address equal to `address` (operators' user search). */
export async function accountIdsByWithdrawAddress(db: DbOrTx, address: string): Promise<string[]> {
  const rows = await db.selectDistinct({ id: withdrawAddresses.accountId }).from(withdrawAddresses).where(and(eq(withdrawAddresses.address, address), isNull(withdrawAddresses.deletedAt)));
  return rows.map((r) => r.id);
}

export function recentWithdrawalsOf(db: DbOrTx, accountIds: string[], limit: number): Promise<WithdrawalRow[]> {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db.select().from(withdrawals).where(inArray(withdrawals.accountId, accountIds)).orderBy(desc(withdrawals.createdAt)).limit(limit);
}

/** Withdrawals per status (the metrics' gauge). */
export function withdrawalCountsByStatus(db: DbOrTx): Promise<Array<{ status: string; n: number }>> {
  return db.select({ status: withdrawals.status, n: count.mapWith(Number) }).from(withdrawals).groupBy(withdrawals.status);
}

/** The targets (= ledger keys) of an operator's adjustment requests confirmed since `since`. */
export async function confirmedAdjustmentTargets(db: DbOrTx, adminUserId: string, since: Date): Promise<string[]> {
  const rows = await db
    .select({ target: walletApprovals.target })
    .from(walletApprovals)
    .where(and(eq(walletApprovals.kind, 'adjustment'), eq(walletApprovals.requestedBy, adminUserId), eq(walletApprovals.status, 'done'), gte(walletApprovals.decidedAt, since)));
  return rows.map((r) => r.target);
}

/** One operator's adjustments take turns until the transaction ends (their day's sum is read under it). */
export async function lockOperatorAdjustments(tx: DbOrTx, adminUserId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`adjustments:${adminUserId}`}, 0))`);
}

/** The adjustment request of `target` (an operator's key), pending or done. */
export async function adjustmentApprovalOf(db: DbOrTx, target: string): Promise<ApprovalRow | undefined> {
  return first(db.select().from(walletApprovals).where(and(eq(walletApprovals.target, target), eq(walletApprovals.kind, 'adjustment'))));
}

/** The same, locked until the transaction ends: a decline or a confirmation of it waits, or came first. */
export async function lockAdjustmentApprovalOf(tx: DbOrTx, target: string): Promise<ApprovalRow | undefined> {
  return first(tx.select().from(walletApprovals).where(and(eq(walletApprovals.target, target), eq(walletApprovals.kind, 'adjustment'))).for('update'));
}
