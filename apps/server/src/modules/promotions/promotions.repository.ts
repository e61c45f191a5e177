// SQL of the promotions: campaigns and their codes, the users' coupons and their daily savings,
// red packets, their receipts and daily credits. Every function takes `db: DbOrTx` so that the
// services pass their transaction.
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { LedgerDecimal as Decimal } from '../ledger';
import type { CouponStatus } from '@hashpool/shared';
import { first, inserted, withTotal, type DbOrTx, type Tx } from '../../db/client';
import { couponBlockSavings, couponCampaigns, couponCodes, coupons, couponSavings, promotionSettings, redPacketCredits, redPacketReceipts, redPackets } from './promotions.tables';

export type CampaignRow = typeof couponCampaigns.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type SavingRow = typeof couponSavings.$inferSelect;
export type RedPacketRow = typeof redPackets.$inferSelect;
export type ReceiptRow = typeof redPacketReceipts.$inferSelect;
export type CreditRow = typeof redPacketCredits.$inferSelect;
/** A coupon with its campaign's terms. */
export type CouponWithCampaign = CouponRow & { campaign: CampaignRow };

// ---- campaigns and codes ------------------------------------------------------------------------

export function insertCampaign(tx: DbOrTx, values: typeof couponCampaigns.$inferInsert): Promise<CampaignRow> {
  return inserted(tx.insert(couponCampaigns).values(values).returning());
}

/** Inserts the codes; answers how many were new (a taken code is skipped). */
export async function insertCodes(tx: DbOrTx, campaignId: string, codes: readonly string[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < codes.length; i += 1000) {
    const rows = await tx
      .insert(couponCodes)
      .values(codes.slice(i, i + 1000).map((code) => ({ code, campaignId })))
      .onConflictDoNothing()
      .returning({ code: couponCodes.code });
    added += rows.length;
  }
  return added;
}

const redeemedCount = sql<number>`(select count(*) from coupon_codes c where c.campaign_id = ${couponCampaigns.id} and c.redeemed_by is not null)`.mapWith(Number);

export function pageCampaigns(db: DbOrTx, offset: number, limit: number) {
  return withTotal(
    db.select({ campaign: couponCampaigns, redeemed: redeemedCount }).from(couponCampaigns).orderBy(desc(couponCampaigns.createdAt), desc(couponCampaigns.id)).offset(offset).limit(limit),
    db.select({ n: count().mapWith(Number) }).from(couponCampaigns),
  );
}

export function campaignWithRedeemed(db: DbOrTx, id: string) {
  return first(db.select({ campaign: couponCampaigns, redeemed: redeemedCount }).from(couponCampaigns).where(eq(couponCampaigns.id, id)));
}

export function findCampaign(db: DbOrTx, id: string): Promise<CampaignRow | undefined> {
  return first(db.select().from(couponCampaigns).where(eq(couponCampaigns.id, id)));
}

/** Marks the campaign disabled; false when it was already (the first disabling stands). */
export async function disableCampaign(tx: Tx, id: string, by: string, at: Date): Promise<boolean> {
  const rows = await tx.update(couponCampaigns).set({ disabledAt: at, disabledBy: by }).where(and(eq(couponCampaigns.id, id), isNull(couponCampaigns.disabledAt))).returning({ id: couponCampaigns.id });
  return rows.length === 1;
}

/** Every code of a campaign (at most PROMO_LIMITS.maxCodes), with who redeemed it. */
export function codesOfCampaign(db: DbOrTx, campaignId: string) {
  return db.select().from(couponCodes).where(eq(couponCodes.campaignId, campaignId)).orderBy(asc(couponCodes.code));
}

/** A code with its campaign, its row locked until the transaction ends. */
export async function lockCode(tx: Tx, code: string) {
  const [row] = await tx
    .select({ code: couponCodes, campaign: couponCampaigns })
    .from(couponCodes)
    .innerJoin(couponCampaigns, eq(couponCampaigns.id, couponCodes.campaignId))
    .where(eq(couponCodes.code, code))
    .for('update', { of: couponCodes });
  return row;
}

export async function markCodeRedeemed(tx: Tx, code: string, userId: string, at: Date): Promise<boolean> {
  const rows = await tx.update(couponCodes).set({ redeemedBy: userId, redeemedAt: at }).where(and(eq(couponCodes.code, code), isNull(couponCodes.redeemedBy))).returning({ code: couponCodes.code });
  return rows.length === 1;
}

// ---- coupons ------------------------------------------------------------------------------------

export function insertCoupon(tx: DbOrTx, values: typeof coupons.$inferInsert): Promise<CouponRow> {
  return inserted(tx.insert(coupons).values(values).returning());
}

export async function pageCoupons(db: DbOrTx, userId: string, status: CouponStatus | undefined, offset: number, limit: number) {
  const where = and(eq(coupons.userId, userId), status ? eq(coupons.status, status) : undefined);
  const { rows, total } = await withTotal(
    db.select({ coupon: coupons, campaign: couponCampaigns }).from(coupons).innerJoin(couponCampaigns, eq(couponCampaigns.id, coupons.campaignId)).where(where).orderBy(desc(coupons.redeemedAt), desc(coupons.id)).offset(offset).limit(limit),
    db.select({ n: count().mapWith(Number) }).from(coupons).where(where),
  );
  return { rows: rows.map((r) => ({ ...r.coupon, campaign: r.campaign })), total };
}

export async function findCoupon(db: DbOrTx, userId: string, id: string): Promise<CouponWithCampaign | undefined> {
  const row = await first(db.select({ coupon: coupons, campaign: couponCampaigns }).from(coupons).innerJoin(couponCampaigns, eq(couponCampaigns.id, coupons.campaignId)).where(and(eq(coupons.id, id), eq(coupons.userId, userId))));
  return row ? { ...row.coupon, campaign: row.campaign } : undefined;
}

/** unused -> in_use; false when it was not unused any more. A second coupon in use for the account and coin fails the unique index. */
export async function startCoupon(tx: Tx, id: string, values: { coin: string; accountId: string; startDay: string; endDay: string; startedAt: Date }): Promise<boolean> {
  const rows = await tx.update(coupons).set({ status: 'in_use', ...values }).where(and(eq(coupons.id, id), eq(coupons.status, 'unused'))).returning({ id: coupons.id });
  return rows.length === 1;
}

export function couponInUse(db: DbOrTx, accountId: string, coin: string): Promise<CouponRow | undefined> {
  return first(db.select().from(coupons).where(and(eq(coupons.accountId, accountId), eq(coupons.coin, coin), eq(coupons.status, 'in_use'))));
}

/** The reduction percent of each sub-account's coupon cutting the coin's `day`. */
export function reductionsOn(db: DbOrTx, coin: string, day: string, accountIds: readonly string[]) {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db
    .select({ accountId: coupons.accountId, percent: couponCampaigns.reductionPercent })
    .from(coupons)
    .innerJoin(couponCampaigns, eq(couponCampaigns.id, coupons.campaignId))
    .where(and(eq(coupons.coin, coin), inArray(coupons.status, ['in_use', 'used']), lte(coupons.startDay, day), gte(coupons.endDay, day), inArray(coupons.accountId, [...accountIds])));
}

/** Unused coupons past their campaign's use-before date become expired; answers how many. */
export async function expireUnused(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(coupons)
    .set({ status: 'expired', finishedAt: now })
    .where(and(eq(coupons.status, 'unused'), sql`${coupons.campaignId} in (select id from coupon_campaigns where use_before <= ${now.toISOString()}::timestamptz)`))
    .returning({ id: coupons.id });
  return rows.length;
}

/** Coupons in use whose last day is before `today` become used; answers how many. */
export async function finishInUse(db: DbOrTx, today: string, now: Date): Promise<number> {
  const rows = await db.update(coupons).set({ status: 'used', finishedAt: now }).where(and(eq(coupons.status, 'in_use'), sql`${coupons.endDay} < ${today}::date`)).returning({ id: coupons.id });
  return rows.length;
}

/** Started coupons whose period covers `day` and which have no saving recorded for it. */
export function couponsWithoutSaving(db: DbOrTx, day: string) {
  return db
    .select({ id: coupons.id, accountId: coupons.accountId, coin: coupons.coin, percent: couponCampaigns.reductionPercent })
    .from(coupons)
    .innerJoin(couponCampaigns, eq(couponCampaigns.id, coupons.campaignId))
    .where(
      and(
        inArray(coupons.status, ['in_use', 'used']),
        lte(coupons.startDay, day),
        gte(coupons.endDay, day),
        sql`not exists (select 1 from coupon_savings s where s.coupon_id = ${coupons.id} and s.day = ${day}::date)`,
      ),
    );
}

export async function insertSavings(db: DbOrTx, rows: Array<typeof couponSavings.$inferInsert>): Promise<void> {
  if (rows.length > 0) await db.insert(couponSavings).values(rows).onConflictDoNothing();
}

/** The day's savings of the daily settlement and of block payouts, summed per day. */
export async function savingsOfDays(db: DbOrTx, accountId: string, coin: string, days: readonly string[]): Promise<Array<{ day: string; saving: string }>> {
  if (days.length === 0) return [];
  const [daily, blocks] = await Promise.all([
    db
      .select({ day: couponSavings.day, saving: sql<string>`sum(${couponSavings.saving})::text` })
      .from(couponSavings)
      .where(and(eq(couponSavings.accountId, accountId), eq(couponSavings.coin, coin), inArray(couponSavings.day, [...days])))
      .groupBy(couponSavings.day),
    db
      .select({ day: couponBlockSavings.day, saving: sql<string>`sum(${couponBlockSavings.saving})::text` })
      .from(couponBlockSavings)
      .where(and(eq(couponBlockSavings.accountId, accountId), eq(couponBlockSavings.coin, coin), inArray(couponBlockSavings.day, [...days])))
      .groupBy(couponBlockSavings.day),
  ]);
  return [...daily, ...blocks];
}

/** A coupon's savings per day, the daily settlement's and the block payouts' (newest day first). */
export async function savingsOf(db: DbOrTx, couponId: string): Promise<SavingRow[]> {
  const [daily, blocks] = await Promise.all([
    db.select().from(couponSavings).where(eq(couponSavings.couponId, couponId)),
    db
      .select({
        day: couponBlockSavings.day,
        coin: couponBlockSavings.coin,
        accountId: couponBlockSavings.accountId,
        feeRate: sql<string>`max(${couponBlockSavings.feeRate})::text`,
        reducedFeeRate: sql<string>`max(${couponBlockSavings.reducedFeeRate})::text`,
        saving: sql<string>`sum(${couponBlockSavings.saving})::text`,
        recordedAt: sql<Date>`max(${couponBlockSavings.recordedAt})`,
      })
      .from(couponBlockSavings)
      .where(eq(couponBlockSavings.couponId, couponId))
      .groupBy(couponBlockSavings.day, couponBlockSavings.coin, couponBlockSavings.accountId),
  ]);
  const byDay = new Map<string, SavingRow>(daily.map((r) => [r.day, r]));
  for (const b of blocks) {
    const known = byDay.get(b.day);
    if (!known) byDay.set(b.day, { ...b, couponId });
    // Both on one day: the saving is their sum; the rates shown are the daily one's unless it saved nothing.
    else byDay.set(b.day, { ...(new Decimal(known.saving).isZero() ? { ...b, couponId } : known), saving: new Decimal(known.saving).plus(b.saving).toFixed() });
  }
  return [...byDay.values()].sort((x, y) => y.day.localeCompare(x.day));
}

export async function savingTotals(db: DbOrTx, couponIds: readonly string[]): Promise<Map<string, string>> {
  if (couponIds.length === 0) return new Map();
  const [daily, blocks] = await Promise.all([
    db
      .select({ id: couponSavings.couponId, total: sql<string>`sum(${couponSavings.saving})::text` })
      .from(couponSavings)
      .where(inArray(couponSavings.couponId, [...couponIds]))
      .groupBy(couponSavings.couponId),
    db
      .select({ id: couponBlockSavings.couponId, total: sql<string>`sum(${couponBlockSavings.saving})::text` })
      .from(couponBlockSavings)
      .where(inArray(couponBlockSavings.couponId, [...couponIds]))
      .groupBy(couponBlockSavings.couponId),
  ]);
  const totals = new Map<string, string>();
  for (const r of [...daily, ...blocks]) totals.set(r.id, new Decimal(totals.get(r.id) ?? 0).plus(r.total).toFixed());
  return totals;
}

/** The coupon of each sub-account cutting the coin's `day` (one in use per sub-account and coin). */
export function couponsOn(db: DbOrTx, coin: string, day: string, accountIds: readonly string[]) {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: coupons.id, accountId: coupons.accountId })
    .from(coupons)
    .where(and(eq(coupons.coin, coin), inArray(coupons.status, ['in_use', 'used']), lte(coupons.startDay, day), gte(coupons.endDay, day), inArray(coupons.accountId, [...accountIds])));
}

export async function insertBlockSavings(db: DbOrTx, rows: Array<typeof couponBlockSavings.$inferInsert>): Promise<void> {
  if (rows.length > 0) await db.insert(couponBlockSavings).values(rows).onConflictDoNothing();
}

// ---- red packets --------------------------------------------------------------------------------

export function insertPacket(tx: DbOrTx, values: typeof redPackets.$inferInsert): Promise<RedPacketRow> {
  return inserted(tx.insert(redPackets).values(values).returning());
}

export function findPacket(db: DbOrTx, id: string): Promise<RedPacketRow | undefined> {
  return first(db.select().from(redPackets).where(eq(redPackets.id, id)));
}

export function lockPacket(tx: Tx, id: string): Promise<RedPacketRow | undefined> {
  return first(tx.select().from(redPackets).where(eq(redPackets.id, id)).for('update'));
}

const receivedCount = sql<number>`(select count(*) from red_packet_receipts r where r.packet_id = ${redPackets.id})`.mapWith(Number);

export function pagePackets(db: DbOrTx, offset: number, limit: number) {
  return withTotal(
    db.select({ packet: redPackets, received: receivedCount }).from(redPackets).orderBy(desc(redPackets.createdAt), desc(redPackets.id)).offset(offset).limit(limit),
    db.select({ n: count().mapWith(Number) }).from(redPackets),
  );
}

/** How many users received the packet. */
export async function receivedOf(db: DbOrTx, packetId: string): Promise<number> {
  const [row] = await db.select({ n: count().mapWith(Number) }).from(redPacketReceipts).where(eq(redPacketReceipts.packetId, packetId));
  return row?.n ?? 0;
}

/** The packets a user funded, newest first. */
export function pageCreatedBy(db: DbOrTx, userId: string, offset: number, limit: number) {
  const mine = and(eq(redPackets.createdBy, userId), sql`${redPackets.funder} not like 'sys:%'`);
  return withTotal(
    db.select({ packet: redPackets, received: receivedCount }).from(redPackets).where(mine).orderBy(desc(redPackets.createdAt), desc(redPackets.id)).offset(offset).limit(limit),
    db.select({ n: count().mapWith(Number) }).from(redPackets).where(mine),
  );
}

/** The packet a funder made with an Idempotency-Key, if any. */
export function packetByRequestKey(db: DbOrTx, funder: string, requestKey: string): Promise<RedPacketRow | undefined> {
  return first(db.select().from(redPackets).where(and(eq(redPackets.funder, funder), eq(redPackets.requestKey, requestKey))));
}

export async function setting(db: DbOrTx, key: string): Promise<unknown> {
  return (await first(db.select().from(promotionSettings).where(eq(promotionSettings.key, key))))?.value;
}

export async function putSetting(db: DbOrTx, key: string, value: unknown, userId: string, at: Date): Promise<void> {
  await db.insert(promotionSettings).values({ key, value, updatedBy: userId, updatedAt: at }).onConflictDoUpdate({ target: promotionSettings.key, set: { value, updatedBy: userId, updatedAt: at } });
}

/** The latest receivers of a packet (at most `limit`). */
export function receiversOf(db: DbOrTx, packetId: string, limit: number): Promise<ReceiptRow[]> {
  return db.select().from(redPacketReceipts).where(eq(redPacketReceipts.packetId, packetId)).orderBy(desc(redPacketReceipts.receivedAt)).limit(limit);
}

/** Every receipt of the packet (its receivers, for the packet's end), in the order the days are credited in (receiptsToCredit's). */
export function receiptsOfPacket(db: DbOrTx, packetId: string): Promise<ReceiptRow[]> {
  return db.select().from(redPacketReceipts).where(eq(redPacketReceipts.packetId, packetId)).orderBy(asc(redPacketReceipts.receivedAt), asc(redPacketReceipts.userId));
}

/** The receipt; false when the user already had one. */
export async function insertReceipt(tx: Tx, values: typeof redPacketReceipts.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(redPacketReceipts).values(values).onConflictDoNothing().returning({ userId: redPacketReceipts.userId });
  return rows.length === 1;
}

/**
 * Takes one share while any is left, before the deadline, of a packet neither ended nor cancelled;
 * answers the shares left after it, or null when none was taken. One statement: concurrent
 * receivers (and a cancellation, which locks the row) queue on the row, and each re-reads it.
 */
export async function takeShare(tx: Tx, id: string, now: Date): Promise<number | null> {
  const rows = await tx
    .update(redPackets)
    .set({ sharesLeft: sql`${redPackets.sharesLeft} - 1` })
    .where(and(eq(redPackets.id, id), sql`${redPackets.sharesLeft} > 0`, sql`${redPackets.activationDeadline} > ${now.toISOString()}::timestamptz`, isNull(redPackets.endedAt), isNull(redPackets.cancelledAt)))
    .returning({ sharesLeft: redPackets.sharesLeft });
  return rows[0]?.sharesLeft ?? null;
}

/** Closes a locked packet: no share left to take, and what went back to the funder. False when it was already cancelled. */
export async function markCancelled(tx: Tx, id: string, c: { by: string; at: Date; returned: string }): Promise<boolean> {
  const rows = await tx
    .update(redPackets)
    .set({ sharesLeft: 0, cancelledAt: c.at, cancelledBy: c.by, returned: c.returned })
    .where(and(eq(redPackets.id, id), isNull(redPackets.cancelledAt), isNull(redPackets.endedAt)))
    .returning({ id: redPackets.id });
  return rows.length === 1;
}

export function receiptOf(db: DbOrTx, packetId: string, userId: string): Promise<ReceiptRow | undefined> {
  return first(db.select().from(redPacketReceipts).where(and(eq(redPacketReceipts.packetId, packetId), eq(redPacketReceipts.userId, userId))));
}

export async function pageReceipts(db: DbOrTx, userId: string, offset: number, limit: number) {
  return withTotal(
    db.select({ receipt: redPacketReceipts, packet: redPackets }).from(redPacketReceipts).innerJoin(redPackets, eq(redPackets.id, redPacketReceipts.packetId)).where(eq(redPacketReceipts.userId, userId)).orderBy(desc(redPacketReceipts.receivedAt)).offset(offset).limit(limit),
    db.select({ n: count().mapWith(Number) }).from(redPacketReceipts).where(eq(redPacketReceipts.userId, userId)),
  );
}

/** Where a page of receiptsToCredit ended: the next page starts after it. */
export interface ReceiptCursor {
  receivedAt: Date;
  packetId: string;
  userId: string;
}

/** Receipts with a day to credit up to `through` (their packet not ended), oldest first, a page after `after`. */
export function receiptsToCredit(db: DbOrTx, through: string, limit: number, after?: ReceiptCursor) {
  return db
    .select({ receipt: redPacketReceipts, packet: redPackets })
    .from(redPacketReceipts)
    .innerJoin(redPackets, eq(redPackets.id, redPacketReceipts.packetId))
    .where(
      and(
        isNull(redPackets.endedAt),
        lte(redPacketReceipts.startDay, through),
        or(isNull(redPacketReceipts.creditedThrough), sql`${redPacketReceipts.creditedThrough} < least(${redPacketReceipts.endDay}, ${through}::date)`),
        after ? sql`(${redPacketReceipts.receivedAt}, ${redPacketReceipts.packetId}, ${redPacketReceipts.userId}) > (${after.receivedAt.toISOString()}::timestamptz, ${after.packetId}, ${after.userId}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(redPacketReceipts.receivedAt), asc(redPacketReceipts.packetId), asc(redPacketReceipts.userId))
    .limit(limit);
}

export async function recordCredit(tx: Tx, c: { packetId: string; userId: string; day: string; amount: string; earned: string; paid: string; at: Date }): Promise<boolean> {
  const rows = await tx.insert(redPacketCredits).values({ packetId: c.packetId, userId: c.userId, day: c.day, amount: c.amount, createdAt: c.at }).onConflictDoNothing().returning({ day: redPacketCredits.day });
  if (rows.length === 0) return false;
  await tx
    .update(redPacketReceipts)
    .set({ earned: c.earned, paid: c.paid, creditedThrough: c.day })
    .where(and(eq(redPacketReceipts.packetId, c.packetId), eq(redPacketReceipts.userId, c.userId)));
  return true;
}

export async function addPaid(tx: Tx, id: string, amount: string): Promise<void> {
  await tx.update(redPackets).set({ paid: sql`${redPackets.paid} + ${amount}::numeric` }).where(eq(redPackets.id, id));
}

/** Every receipt of the packet is credited through its last day. */
const allCredited: SQL = sql`not exists (select 1 from red_packet_receipts r where r.packet_id = ${redPackets.id} and (r.credited_through is null or r.credited_through < r.end_day))`;

/**
 * Packets that can receive nobody more (no share left, or past the deadline) and whose every
 * receipt is credited through its last day: their leftover can return.
 */
export function packetsToEnd(db: DbOrTx, now: Date): Promise<RedPacketRow[]> {
  const closed: SQL = sql`(${redPackets.sharesLeft} = 0 or ${redPackets.activationDeadline} <= ${now.toISOString()}::timestamptz)`;
  return db.select().from(redPackets).where(and(isNull(redPackets.endedAt), closed, allCredited));
}

/**
 * Marks the (locked) packet ended, once, if every receipt is still credited through its last day:
 * a share taken after the job listed the packet (a receive that read the time just before the
 * deadline and committed while the job waited for the lock) keeps it running until it is paid.
 */
export async function markEnded(tx: Tx, id: string, at: Date): Promise<boolean> {
  const rows = await tx.update(redPackets).set({ endedAt: at }).where(and(eq(redPackets.id, id), isNull(redPackets.endedAt), allCredited)).returning({ id: redPackets.id });
  return rows.length === 1;
}

export function creditsOf(db: DbOrTx, packetId: string, userId: string): Promise<CreditRow[]> {
  return db.select().from(redPacketCredits).where(and(eq(redPacketCredits.packetId, packetId), eq(redPacketCredits.userId, userId))).orderBy(desc(redPacketCredits.day));
}
