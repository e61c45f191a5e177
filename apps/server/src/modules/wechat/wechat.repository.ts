// Every query of the WeChat module.
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { wechatLinks, wechatStates } from './wechat.tables';

export type WechatLinkRow = typeof wechatLinks.$inferSelect;
export type WechatStateRow = typeof wechatStates.$inferSelect;

export async function insertState(db: DbOrTx, values: typeof wechatStates.$inferInsert): Promise<void> {
  await db.insert(wechatStates).values(values);
}

/** Spends a state: the row if it was unused and unexpired, in one conditional update (once, on any instance). */
export async function spendState(db: DbOrTx, stateHash: string, now: Date): Promise<WechatStateRow | undefined> {
  const [row] = await db
    .update(wechatStates)
    .set({ usedAt: now })
    .where(and(eq(wechatStates.stateHash, stateHash), isNull(wechatStates.usedAt), gt(wechatStates.expiresAt, now)))
    .returning();
  return row;
}

export async function deleteExpiredStates(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(wechatStates).where(lt(wechatStates.expiresAt, before));
}

export async function linkOfUser(db: DbOrTx, userId: string): Promise<WechatLinkRow | undefined> {
  const [row] = await db.select().from(wechatLinks).where(eq(wechatLinks.userId, userId));
  return row;
}

export async function linkOfUnionid(db: DbOrTx, unionid: string): Promise<WechatLinkRow | undefined> {
  const [row] = await db.select().from(wechatLinks).where(eq(wechatLinks.unionid, unionid));
  return row;
}

export async function insertLink(db: DbOrTx, values: typeof wechatLinks.$inferInsert): Promise<void> {
  await db.insert(wechatLinks).values(values);
}

export async function deleteLink(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db.delete(wechatLinks).where(eq(wechatLinks.userId, userId)).returning({ userId: wechatLinks.userId });
  return rows.length > 0;
}
