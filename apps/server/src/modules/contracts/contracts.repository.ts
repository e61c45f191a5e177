// SQL of the contracts' tables (contracts.tables.ts). Inventory is taken by one conditional update
// (never below zero, whatever runs at the same time) and given back by another.
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { ContractOrderStatus, ContractPayMethod } from '@hashpool/shared';
import { first, inserted, withTotal, type DbOrTx } from '../../db/client';
import { contractOrderEvents, contractOrders, contractProducts, contractProfits, contractSettings } from './contracts.tables';

export type ProductRow = typeof contractProducts.$inferSelect;
export type OrderRow = typeof contractOrders.$inferSelect;
export type EventRow = typeof contractOrderEvents.$inferSelect;
export type ProfitRow = typeof contractProfits.$inferSelect;

const count = sql<number>`count(*)::int`;

// ---- products --------------------------------------------------------------------------------

export function listProducts(db: DbOrTx, onlyListed: boolean): Promise<ProductRow[]> {
  return db
    .select()
    .from(contractProducts)
    .where(onlyListed ? inArray(contractProducts.status, ['on_sale', 'ended']) : undefined)
    .orderBy(desc(contractProducts.createdAt));
}

export function findProduct(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  return first(db.select().from(contractProducts).where(eq(contractProducts.id, id)));
}

export function insertProduct(db: DbOrTx, values: typeof contractProducts.$inferInsert): Promise<ProductRow> {
  return inserted(db.insert(contractProducts).values(values).returning());
}

/** Inserts products whose id is not taken yet (the demo's fixed ids: seeding twice adds nothing). */
/**
 * Writes a product's values; `inventoryChange` adds to the inventory as it is at the write (never
 * below 0), so the units orders took meanwhile stay taken.
 */
export function updateProduct(db: DbOrTx, id: string, values: Partial<typeof contractProducts.$inferInsert>, inventoryChange?: number): Promise<ProductRow | undefined> {
  const inventory = inventoryChange === undefined ? {} : { inventory: sql<number>`greatest(${contractProducts.inventory} + ${inventoryChange}, 0)` };
  return first(db.update(contractProducts).set({ ...values, ...inventory }).where(eq(contractProducts.id, id)).returning());
}

/** Takes `units` from the inventory of a product on sale within its window; undefined when it cannot. */
export function takeInventory(db: DbOrTx, id: string, units: number, now: Date): Promise<ProductRow | undefined> {
  return first(
    db
      .update(contractProducts)
      .set({ inventory: sql`${contractProducts.inventory} - ${units}`, sold: sql`${contractProducts.sold} + ${units}` })
      .where(and(eq(contractProducts.id, id), eq(contractProducts.status, 'on_sale'), gte(contractProducts.inventory, units), lte(contractProducts.saleStart, now), gte(contractProducts.saleEnd, now)))
      .returning(),
  );
}

export async function returnInventory(db: DbOrTx, id: string, units: number): Promise<void> {
  await db
    .update(contractProducts)
    .set({ inventory: sql`${contractProducts.inventory} + ${units}`, sold: sql`greatest(${contractProducts.sold} - ${units}, 0)` })
    .where(eq(contractProducts.id, id));
}

// ---- orders ----------------------------------------------------------------------------------

export function insertOrder(db: DbOrTx, values: typeof contractOrders.$inferInsert): Promise<OrderRow> {
  return inserted(db.insert(contractOrders).values(values).returning());
}

/** The order unless its id is taken (then undefined: seeding twice adds nothing). */
export function insertOrderIfAbsent(db: DbOrTx, values: typeof contractOrders.$inferInsert): Promise<OrderRow | undefined> {
  return first(db.insert(contractOrders).values(values).onConflictDoNothing().returning());
}

export function orderByKey(db: DbOrTx, userId: string, key: string): Promise<OrderRow | undefined> {
  return first(db.select().from(contractOrders).where(and(eq(contractOrders.userId, userId), eq(contractOrders.requestKey, key))));
}

export function findOrder(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  return first(db.select().from(contractOrders).where(eq(contractOrders.id, id)));
}

/** The order, locked for the caller's transaction. */
export function lockOrder(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  return first(db.select().from(contractOrders).where(eq(contractOrders.id, id)).for('update'));
}

export function updateOrder(db: DbOrTx, id: string, values: Partial<typeof contractOrders.$inferInsert>): Promise<OrderRow> {
  return inserted(db.update(contractOrders).set(values).where(eq(contractOrders.id, id)).returning());
}

export function pageOrders(db: DbOrTx, filter: { userId?: string; status?: ContractOrderStatus | undefined }, offset: number, limit: number) {
  const where = and(filter.userId ? eq(contractOrders.userId, filter.userId) : undefined, filter.status ? eq(contractOrders.status, filter.status) : undefined);
  return withTotal(db.select().from(contractOrders).where(where).orderBy(desc(contractOrders.createdAt)).limit(limit).offset(offset), db.select({ n: count }).from(contractOrders).where(where));
}

export function ordersOfUser(db: DbOrTx, userId: string, statuses: ContractOrderStatus[]): Promise<OrderRow[]> {
  return db.select().from(contractOrders).where(and(eq(contractOrders.userId, userId), inArray(contractOrders.status, statuses)));
}

/**
 * Unpaid orders of a way to pay created before `before`: the auto-cancel's work. Per way to pay,
 * so that the orders of a network whose node is down (left for the next pass) cannot fill the
 * batch and hold back the cancellation of the others.
 */
export function expiredUnpaid(db: DbOrTx, before: Date, payMethod: ContractPayMethod): Promise<OrderRow[]> {
  return db.select().from(contractOrders).where(and(eq(contractOrders.status, 'unpaid'), eq(contractOrders.payMethod, payMethod), lt(contractOrders.createdAt, before))).orderBy(asc(contractOrders.createdAt)).limit(500);
}

/**
 * USDT orders on a network placed since `since` and closed unpaid (cancelled or rejected) whose
 * operators were not told of a late payment yet: their addresses are still watched.
 */
export function closedUsdtOrders(db: DbOrTx, network: string, since: Date): Promise<OrderRow[]> {
  return db
    .select()
    .from(contractOrders)
    .where(and(eq(contractOrders.payMethod, network as OrderRow['payMethod']), inArray(contractOrders.status, ['cancelled', 'rejected']), gte(contractOrders.createdAt, since), isNull(contractOrders.latePaymentAlertedAt)));
}

/** Marks a closed order's late payment as told, once: false when it was already. */
export async function markLatePaymentAlerted(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db.update(contractOrders).set({ latePaymentAlertedAt: at }).where(and(eq(contractOrders.id, id), isNull(contractOrders.latePaymentAlertedAt))).returning({ id: contractOrders.id });
  return rows.length === 1;
}

/** Orders awaiting a USDT payment on a network. */
export function awaitingUsdt(db: DbOrTx, network: string): Promise<OrderRow[]> {
  return db.select().from(contractOrders).where(and(eq(contractOrders.payMethod, network as OrderRow['payMethod']), inArray(contractOrders.status, ['unpaid', 'checking'])));
}

/** Running orders whose effect started by `day`. */
export function runningOrders(db: DbOrTx, day: string): Promise<OrderRow[]> {
  return db.select().from(contractOrders).where(and(eq(contractOrders.status, 'effect'), lte(contractOrders.effectDate, day)));
}

// ---- history ---------------------------------------------------------------------------------

export async function insertEvent(db: DbOrTx, values: typeof contractOrderEvents.$inferInsert): Promise<void> {
  await db.insert(contractOrderEvents).values(values);
}

export function eventsOf(db: DbOrTx, orderId: string): Promise<EventRow[]> {
  return db.select().from(contractOrderEvents).where(eq(contractOrderEvents.orderId, orderId)).orderBy(asc(contractOrderEvents.id));
}

// ---- profits ---------------------------------------------------------------------------------

/** The day's row; false when it was there already (a second run). */
export async function insertProfit(db: DbOrTx, values: typeof contractProfits.$inferInsert): Promise<boolean> {
  const rows = await db.insert(contractProfits).values(values).onConflictDoNothing().returning({ day: contractProfits.day });
  return rows.length === 1;
}

export function profitDays(db: DbOrTx, orderId: string): Promise<Array<{ day: string }>> {
  return db.select({ day: contractProfits.day }).from(contractProfits).where(eq(contractProfits.orderId, orderId));
}

export function pageProfits(db: DbOrTx, orderId: string, offset: number, limit: number) {
  const where = eq(contractProfits.orderId, orderId);
  return withTotal(db.select().from(contractProfits).where(where).orderBy(desc(contractProfits.day)).limit(limit).offset(offset), db.select({ n: count }).from(contractProfits).where(where));
}

export async function profitTotals(db: DbOrTx, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: contractProfits.orderId, total: sql<string>`sum(${contractProfits.credited})::text` })
    .from(contractProfits)
    .where(inArray(contractProfits.orderId, orderIds))
    .groupBy(contractProfits.orderId);
  return new Map(rows.map((r) => [r.orderId, r.total]));
}

/** Credited profit per day and coin of a user's orders from `from` on. */
export function dailyProfitsOfUser(db: DbOrTx, userId: string, from: string): Promise<Array<{ day: string; coin: string; credited: string }>> {
  return db
    .select({ day: contractProfits.day, coin: contractOrders.coin, credited: sql<string>`sum(${contractProfits.credited})::text` })
    .from(contractProfits)
    .innerJoin(contractOrders, eq(contractOrders.id, contractProfits.orderId))
    .where(and(eq(contractOrders.userId, userId), gte(contractProfits.day, from)))
    .groupBy(contractProfits.day, contractOrders.coin)
    .orderBy(asc(contractProfits.day));
}

export function totalProfitsOfUser(db: DbOrTx, userId: string): Promise<Array<{ coin: string; credited: string }>> {
  return db
    .select({ coin: contractOrders.coin, credited: sql<string>`sum(${contractProfits.credited})::text` })
    .from(contractProfits)
    .innerJoin(contractOrders, eq(contractOrders.id, contractProfits.orderId))
    .where(eq(contractOrders.userId, userId))
    .groupBy(contractOrders.coin);
}

// ---- settings --------------------------------------------------------------------------------

export async function setting(db: DbOrTx, key: string): Promise<Record<string, string> | undefined> {
  return (await first(db.select().from(contractSettings).where(eq(contractSettings.key, key))))?.value;
}

export async function putSetting(db: DbOrTx, key: string, value: Record<string, string>, at: Date): Promise<void> {
  await db.insert(contractSettings).values({ key, value, updatedAt: at }).onConflictDoUpdate({ target: contractSettings.key, set: { value, updatedAt: at } });
}
