// Checks one share of a batch. A refused share is counted by reason and never stored.
import { findCoin, isNameText, isValidMiningAddress, isValidWorkerName, MAX_SHARE_AGE_MS, SHARE_RESULTS, type ShareEvent } from '@hashpool/shared';

export const REFUSAL_REASONS = ['malformed', 'unknown_coin', 'mode_mismatch', 'unknown_account', 'bad_address', 'bad_worker_name', 'bad_difficulty', 'bad_time'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** Shares this far in the future are refused; older than MAX_SHARE_AGE_MS too: their buckets are closed. */
export const MAX_SHARE_SKEW_MS = 2 * 60_000;
/**
 * The most work (hashes) one share may carry. A share is worth at most about its network's
 * difficulty (Bitcoin's, the largest, was near 1.5e14 × 2^32 ≈ 6e23 hashes at the end of 2026);
 * 1e30 leaves a million times that. Without a bound a finite difficulty like 1e308 became Infinity
 * once multiplied by the hashes per difficulty, or summed with another in a minute's aggregate, and
 * an Infinity in the PPLNS window turned every payout of the block into NaN.
 */
export const MAX_SHARE_WORK = 1e30;

/** A share's work in hashes, or undefined when its difficulty is not a positive number within MAX_SHARE_WORK. */
export function shareWork(difficulty: number, hashesPerDifficulty: number): number | undefined {
  const work = difficulty * hashesPerDifficulty;
  return Number.isFinite(work) && work > 0 && work <= MAX_SHARE_WORK ? work : undefined;
}

/** A checked share: `owner` is the sub-account name as sent (account mode) or the address. */
export interface CheckedShare {
  coin: string;
  ownerKind: 'account' | 'address';
  owner: string;
  worker: string;
  /** difficulty x the coin's hashes per difficulty-1 share */
  work: number;
  result: 'accepted' | 'rejected' | 'stale';
  ip: string | null;
  time: number;
}

/** Lengths (UTF-16 units, as zod counts) of the share's texts: shareEventSchema's, checked by both encodings. */
export const TEXT_LIMITS = { coin: [1, 16], account: [1, 64], address: [1, 128], worker: [0, 256], reason: [0, 64], ip: [0, 64] } as const;

const KEYS = new Set(['coin', 'account', 'address', 'worker', 'difficulty', 'result', 'reason', 'ip', 'time']);
const RESULTS = new Set<string>(SHARE_RESULTS);
const DIFFICULTY_TEXT = /^\d+(\.\d+)?([eE][+-]?\d+)?$/;
type Limit = readonly [number, number];
const text = (v: unknown, [min, max]: Limit): v is string => typeof v === 'string' && v.length >= min && v.length <= max;
const optionalText = (v: unknown, limit: Limit) => v === undefined || text(v, limit);
const L = TEXT_LIMITS;

/**
 * The shape `shareEventSchema` (packages/shared) describes, checked by hand: the zod parse cost
 * about a microsecond per share, the largest part of ingestion's time. share-validation.test.ts
 * proves the two accept and refuse the same values.
 */
export function readShareEvent(raw: unknown): ShareEvent | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  for (const key of Object.keys(r)) if (!KEYS.has(key)) return null;
  const { difficulty, time } = r;
  if (!text(r.coin, L.coin) || !optionalText(r.account, L.account) || !optionalText(r.address, L.address) || !text(r.worker, L.worker)) return null;
  // The account name is looked up in the database: a U+0000 in it failed the whole batch there,
  // on every re-send. A name with a control character cannot exist, so the share is malformed.
  if (r.account !== undefined && !isNameText(r.account as string)) return null;
  if (typeof difficulty !== 'number' && !(typeof difficulty === 'string' && DIFFICULTY_TEXT.test(difficulty))) return null;
  if (typeof difficulty === 'number' && !Number.isFinite(difficulty)) return null;
  if (typeof r.result !== 'string' || !RESULTS.has(r.result) || !optionalText(r.reason, L.reason) || !optionalText(r.ip, L.ip)) return null;
  if (typeof time !== 'number' || !Number.isSafeInteger(time)) return null;
  return r as unknown as ShareEvent;
}

export function checkShare(raw: unknown, now: number): CheckedShare | RefusalReason {
  const s = readShareEvent(raw);
  if (!s) return 'malformed';
  const coin = findCoin(s.coin);
  if (!coin) return 'unknown_coin';
  if (coin.mode === 'account' ? !s.account || s.address : !s.address || s.account) return 'mode_mismatch';
  if (coin.mode === 'address' && !isValidMiningAddress(coin.code, s.address!)) return 'bad_address';
  if (!isValidWorkerName(s.worker)) return 'bad_worker_name';
  const work = shareWork(Number(s.difficulty), coin.hashesPerDifficulty);
  if (work === undefined) return 'bad_difficulty';
  if (s.time < now - MAX_SHARE_AGE_MS || s.time > now + MAX_SHARE_SKEW_MS) return 'bad_time';
  return {
    coin: coin.code,
    ownerKind: coin.mode,
    owner: coin.mode === 'account' ? s.account! : s.address!,
    worker: s.worker,
    work,
    result: s.result,
    ip: s.ip ?? null,
    time: s.time,
  };
}
