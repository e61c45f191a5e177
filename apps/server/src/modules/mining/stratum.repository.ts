// SQL of the stratum endpoints (stratum.tables.ts): an announcement replaces a process's rows, and
// the live endpoints of a coin are the rows seen since a time.
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { stratumEndpoints } from './stratum.tables';

export type StratumEndpointRow = typeof stratumEndpoints.$inferSelect;

/** Replaces the process's endpoints with these (none: the process announces it serves nothing). */
export async function replaceInstanceEndpoints(db: DbOrTx, instance: string, rows: Array<typeof stratumEndpoints.$inferInsert>): Promise<void> {
  await db.delete(stratumEndpoints).where(eq(stratumEndpoints.instance, instance));
  if (rows.length > 0) await db.insert(stratumEndpoints).values(rows).onConflictDoNothing();
}

/** Removes the rows of processes silent since `before`. */
export async function deleteEndpointsSeenBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(stratumEndpoints).where(lt(stratumEndpoints.lastSeen, before));
}

/** The coin's endpoints seen since `since`, oldest URL first, newest sighting first within a URL. */
export function liveEndpoints(db: DbOrTx, coin: string, since: Date): Promise<StratumEndpointRow[]> {
  return db
    .select()
    .from(stratumEndpoints)
    .where(and(eq(stratumEndpoints.coin, coin), gte(stratumEndpoints.lastSeen, since)))
    .orderBy(asc(stratumEndpoints.url), asc(stratumEndpoints.instance));
}
