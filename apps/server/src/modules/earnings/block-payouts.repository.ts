// SQL of the block-based payments: each settled pool block (block_settlements: its window, what it
// paid, its state) and its payouts per sub-account or address wallet (block_payouts), written in
// one transaction and credited from, in account order, chunk by chunk.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { numberArray, sqlArray, type DbOrTx, type Tx } from '../../db/client';
import { blockChainChecks, blockHolds, blockPayouts, blockSettlements, type BlockOutcome } from './earnings.tables';
import type { NewProfit } from './settlement.repository';

export type BlockSettlementRow = typeof blockSettlements.$inferSelect;
export type BlockPayoutRow = typeof blockPayouts.$inferSelect;

/** A payout as computed, before it is written: the same shape as a day's profit row. */
export type NewBlockPayout = NewProfit;

export async function blockSettlement(db: DbOrTx, blockId: number): Promise<BlockSettlementRow | undefined> {
  const [row] = await db.select().from(blockSettlements).where(eq(blockSettlements.blockId, blockId));
  return row;
}

/** The blocks of `ids` whose settlement is done; with `outcome`, only those settled that way (`void`: an operator gave it up). */
export async function settledBlockIds(db: DbOrTx, ids: readonly number[], outcome?: BlockOutcome): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: blockSettlements.blockId })
    .from(blockSettlements)
    .where(
      and(
        sql`${blockSettlements.blockId} = any(${numberArray(ids)}::bigint[])`,
        eq(blockSettlements.status, 'done'),
        outcome ? eq(blockSettlements.outcome, outcome) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Records a block's hold for a reason; true the first time (the operators are told then). A reason
 * seen again keeps its first time and takes this check's detail and time, so the operators' list
 * shows what the node says now.
 */
export async function recordBlockHold(db: DbOrTx, h: { blockId: number; coin: string; reason: string; detail: string; at: Date }): Promise<boolean> {
  const rows = await db.insert(blockHolds).values({ blockId: h.blockId, coin: h.coin, reason: h.reason, detail: h.detail, alertedAt: h.at, lastSeenAt: h.at }).onConflictDoNothing().returning({ id: blockHolds.blockId });
  if (rows.length > 0) return true;
  await db.update(blockHolds).set({ detail: h.detail, lastSeenAt: h.at }).where(and(eq(blockHolds.blockId, h.blockId), eq(blockHolds.reason, h.reason)));
  return false;
}

/**
 * Locks a block's hold rows (none for a block never held) until the transaction ends: voiding the
 * block and recording its chain pass take this lock first, so one of them sees the other's outcome.
 */
export async function lockBlockHolds(tx: Tx, blockId: number): Promise<void> {
  await tx.select({ id: blockHolds.blockId }).from(blockHolds).where(eq(blockHolds.blockId, blockId)).for('update');
}

export type BlockHoldRow = typeof blockHolds.$inferSelect;

/**
 * The holds of blocks held now, oldest block first and each block's latest reason first: a hold
 * recorded, no chain pass since and no settlement (paid or void). Only the blocks of `ids` when given.
 */
export async function currentHolds(db: DbOrTx, ids?: readonly number[]): Promise<BlockHoldRow[]> {
  if (ids?.length === 0) return [];
  return db
    .select()
    .from(blockHolds)
    .where(
      and(
        ids === undefined ? undefined : sql`${blockHolds.blockId} = any(${numberArray(ids)}::bigint[])`,
        sql`not exists (select 1 from ${blockChainChecks} c where c.block_id = ${blockHolds.blockId})`,
        sql`not exists (select 1 from ${blockSettlements} s where s.block_id = ${blockHolds.blockId})`,
      ),
    )
    .orderBy(asc(blockHolds.blockId), desc(blockHolds.lastSeenAt), asc(blockHolds.reason));
}

/** A held block given up: settled at once, nothing paid; false when it has a settlement already. */
export async function insertVoided(db: DbOrTx, s: { blockId: number; coin: string; reward: string; at: Date }): Promise<boolean> {
  const rows = await db
    .insert(blockSettlements)
    .values({ blockId: s.blockId, coin: s.coin, reward: s.reward, computedAt: s.at, status: 'done', outcome: 'void', paid: '0', remainder: '0', finishedAt: s.at })
    .onConflictDoNothing()
    .returning({ id: blockSettlements.blockId });
  return rows.length > 0;
}

/** The chain's confirmation of the block's reward, if it gave one: with the difficulty it stated (pool unit), if any. */
export async function chainCheck(db: DbOrTx, blockId: number): Promise<{ difficulty: number | null } | undefined> {
  const [row] = await db.select({ difficulty: blockChainChecks.difficulty }).from(blockChainChecks).where(eq(blockChainChecks.blockId, blockId));
  return row;
}

/** The chain confirmed the block's reward: not asked again. */
export async function recordChainChecked(db: DbOrTx, blockId: number, at: Date, difficulty: number | null): Promise<void> {
  await db.insert(blockChainChecks).values({ blockId, checkedAt: at, difficulty }).onConflictDoNothing();
}

/** An orphaned block's settlement: done at once, nothing paid. */
export async function insertOrphaned(db: DbOrTx, s: { blockId: number; coin: string; reward: string; at: Date }): Promise<void> {
  await db
    .insert(blockSettlements)
    .values({ blockId: s.blockId, coin: s.coin, reward: s.reward, computedAt: s.at, status: 'done', outcome: 'orphaned', paid: '0', remainder: '0', finishedAt: s.at })
    .onConflictDoNothing();
}

/** Writes a block's settlement row unless one is there (another instance computed it meanwhile); true when written. */
export async function insertComputed(
  tx: Tx,
  s: { blockId: number; coin: string; reward: string; at: Date; outcome: BlockOutcome; subsidy: string; windowTarget: number | null; windowWork: number | null },
): Promise<boolean> {
  const inserted = await tx
    .insert(blockSettlements)
    .values({ blockId: s.blockId, coin: s.coin, reward: s.reward, computedAt: s.at, status: 'computed', outcome: s.outcome, subsidy: s.subsidy, windowTarget: s.windowTarget, windowWork: s.windowWork, paid: '0', remainder: '0' })
    .onConflictDoNothing()
    .returning({ id: blockSettlements.blockId });
  return inserted.length > 0;
}

export async function setBlockTotals(tx: Tx, blockId: number, paid: string, remainder: string): Promise<void> {
  await tx.update(blockSettlements).set({ paid, remainder }).where(eq(blockSettlements.blockId, blockId));
}

export async function markBlockDone(db: DbOrTx, blockId: number, at: Date): Promise<void> {
  await db.update(blockSettlements).set({ status: 'done', finishedAt: at }).where(eq(blockSettlements.blockId, blockId));
}

/** Writes payouts of a block in one statement (the caller passes a chunk at a time). */
export async function insertBlockPayouts(tx: Tx, blockId: number, coin: string, day: string, rows: readonly NewBlockPayout[]): Promise<void> {
  await tx.execute(sql`insert into block_payouts (block_id, account_id, coin, day, method, work, fee_rate, gross, amount)
    select ${blockId}, a, ${coin}, ${day}::date, m, w, f, g, n
      from unnest(${sqlArray(rows.map((p) => p.accountId))}::uuid[], ${sqlArray(rows.map((p) => p.method))}::text[], ${sqlArray(rows.map((p) => p.work))}::float8[],
                  ${sqlArray(rows.map((p) => p.feeRate))}::numeric[], ${sqlArray(rows.map((p) => p.gross))}::numeric[], ${sqlArray(rows.map((p) => p.amount))}::numeric[]) as t(a, m, w, f, g, n)`);
}

/** The next `limit` payouts of a block with something to credit, after `after`, in (account, method) order. */
export function payoutsToCredit(db: DbOrTx, blockId: number, after: { accountId: string; method: string }, limit: number): Promise<BlockPayoutRow[]> {
  // Paged by the key's (account, method): an account that switched methods has a row per method.
  return db
    .select()
    .from(blockPayouts)
    .where(and(eq(blockPayouts.blockId, blockId), sql`(${blockPayouts.accountId}, ${blockPayouts.method}) > (${after.accountId}::uuid, ${after.method})`, sql`${blockPayouts.amount} > 0`))
    .orderBy(asc(blockPayouts.accountId), asc(blockPayouts.method))
    .limit(limit);
}
