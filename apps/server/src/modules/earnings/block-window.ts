// A pool block's PPLNS window: when it is complete, and what it holds.
//
// When: the window counts the 10-minute history point the block fell in for its part before the
// block, and that point's shares (some stamped after the block) reach the pool up to an hour late
// from a stratum's outbox: the block is paid SETTLE_AFTER_MS after the end of that point, 65 to 75
// minutes after it was found. Maturity alone does not wait that long on every coin (KDA and ALEO
// at once, ETH in 14 minutes, regtest at once).
//
// What: the pool's last N hashes of accepted work before the block (N from pplnsWindowWork), from
// the owners' history points, newest first, counted by the money module's pplnsWindow; each day's
// work by the method its owner had that day.
import { dayStart, DEFAULT_PAY_METHOD, SETTLE_AFTER_MS, utcDay, type PayMethod } from '@hashpool/shared';
import type { DbOrTx } from '../../db/client';
import type { AccountDirectory } from '../accounts';
import type { BlockRow, HistoryService } from '../mining';
import { POINT_SECONDS } from '../mining';
import type { LedgerDecimal as Decimal } from '../ledger';
import { pplnsWindow, type WorkSlice } from '../money';
import { payMethodsOnDay } from './earnings.repository';

/** The instant (ms) from which a block found at `foundAt` may be settled. */
export function windowSettlesAt(foundAt: Date): number {
  const point = POINT_SECONDS * 1000;
  return (Math.floor(foundAt.getTime() / point) + 1) * point + SETTLE_AFTER_MS;
}

/** How far back a window looks for work when the pool has less than N (history is hourly beyond a day, daily beyond 30). */
export const PPLNS_LOOKBACK_DAYS = 30;
const DAY_MS = 86_400_000;

/** One owner's counted work of the window by one method, and its part. */
export interface WindowCredit {
  owner: string;
  /** The method of the day the work was mined (an owner who switched has a credit per method). */
  method: PayMethod;
  /** w, hashes. */
  work: Decimal;
  /** w / N is part / the window's whole, exactly (pplnsWindow). */
  part: Decimal;
}

/** Where a window is filled from. */
export interface WindowSources {
  db: DbOrTx;
  /** The owners' history the windows are filled from. */
  history: Pick<HistoryService, 'ownersWithWork' | 'windowPoints'>;
  /** Which owners of the history are sub-accounts. */
  accounts: Pick<AccountDirectory, 'accountIdsAmong'>;
}

/**
 * The window's work per owner and method (for an account-mode coin a sub-account's work of a day
 * by its method of that day, SOLO work left out; for an address-mode coin every address, by
 * PPLNS) and its total: the mining history's points, newest first, a UTC day at a time until the
 * window holds `target`, counted by the money module's pplnsWindow.
 *
 * The method is the one of the day the work was mined, not of the block's day: work of a day
 * under FPPS was paid by that day's settlement and a switch to PPLNS must not pay it again (nor a
 * switch away from PPLNS leave its last hours unpaid). The points of the history never cross a UTC
 * day, so a day's stretch holds its own work only.
 */
export async function fillWindow(src: WindowSources, block: BlockRow, target: Decimal, mode: 'account' | 'address'): Promise<{ credits: WindowCredit[]; total: Decimal; whole: Decimal }> {
  const slices: WorkSlice[] = [];
  let window = pplnsWindow(slices, target, block.foundAt);
  const oldest = block.foundAt.getTime() - PPLNS_LOOKBACK_DAYS * DAY_MS;
  for (let to = block.foundAt.getTime(); to > oldest; ) {
    const day = utcDay(new Date(to - 1));
    const from = Math.max(oldest, dayStart(day).getTime());
    const methods = mode === 'account' ? await payMethodsOnDay(src.db, block.coin, day) : undefined;
    const methodOf = (owner: string): PayMethod => (methods ? (methods.get(owner) ?? DEFAULT_PAY_METHOD) : 'pplns');
    const stretch = { coin: block.coin, at: block.foundAt, from: new Date(from), to: new Date(to) };
    const exclude = methods ? await leftOut(src, stretch, methodOf) : [];
    const points = await src.history.windowPoints({ ...stretch, left: target.minus(window.total).toNumber(), exclude });
    for (const p of points) slices.push({ owner: creditKey(methodOf(p.owner), p.owner), work: p.work, start: new Date(p.startMs), seconds: p.resolution });
    window = pplnsWindow(slices, target, block.foundAt);
    if (window.total.gte(target)) break;
    to = from;
  }
  const credits = [...window.credits].map(([key, work]) => ({ ...fromCreditKey(key), work, part: window.parts.get(key)! }));
  return { credits, total: window.total, whole: window.whole };
}

/** The window counts each owner's work per method: "<method>:<owner>" (a method has no colon). */
const creditKey = (method: PayMethod, owner: string) => `${method}:${owner}`;
function fromCreditKey(key: string): { method: PayMethod; owner: string } {
  const colon = key.indexOf(':');
  return { method: key.slice(0, colon) as PayMethod, owner: key.slice(colon + 1) };
}

/** The owners with work in the stretch whose work is not in an account-mode window: not sub-accounts, or on SOLO. */
async function leftOut(src: WindowSources, stretch: { coin: string; from: Date; to: Date }, methodOf: (owner: string) => PayMethod): Promise<string[]> {
  const owners = await src.history.ownersWithWork(stretch.coin, stretch.from, stretch.to);
  const accounts = await src.accounts.accountIdsAmong(owners);
  return owners.filter((o) => !accounts.has(o) || methodOf(o) === 'solo');
}
