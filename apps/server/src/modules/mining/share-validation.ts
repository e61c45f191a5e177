// Checks one share of a batch. A refused share is counted by reason and never stored.
import { findCoin, isValidWorkerName, shareEventSchema, type ShareEvent } from '@hashpool/shared';

export const REFUSAL_REASONS = ['malformed', 'unknown_coin', 'mode_mismatch', 'unknown_account', 'bad_worker_name', 'bad_difficulty', 'bad_time'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** Shares older than this, or this far in the future, are refused: their buckets are closed. */
export const MAX_SHARE_AGE_MS = 60 * 60_000;
export const MAX_SHARE_SKEW_MS = 2 * 60_000;

export interface CheckedShare {
  coin: string;
  /** A sub-account name (account mode) or a wallet address (address mode); resolved later. */
  owner: { kind: 'account'; name: string } | { kind: 'address'; address: string };
  worker: string;
  /** Hashes the share stands for: difficulty x the coin's hashes per difficulty. */
  work: number;
  result: ShareEvent['result'];
  ip: string | null;
  time: number;
}

export function checkShare(raw: unknown, now: number): CheckedShare | RefusalReason {
  const parsed = shareEventSchema.safeParse(raw);
  if (!parsed.success) return 'malformed';
  const s = parsed.data;
  const coin = findCoin(s.coin);
  if (!coin) return 'unknown_coin';
  if (coin.mode === 'account' ? !s.account || s.address : !s.address || s.account) return 'mode_mismatch';
  if (!isValidWorkerName(s.worker)) return 'bad_worker_name';
  const difficulty = Number(s.difficulty);
  if (!Number.isFinite(difficulty) || difficulty <= 0) return 'bad_difficulty';
  if (s.time < now - MAX_SHARE_AGE_MS || s.time > now + MAX_SHARE_SKEW_MS) return 'bad_time';
  return {
    coin: coin.code,
    owner: coin.mode === 'account' ? { kind: 'account', name: s.account! } : { kind: 'address', address: s.address! },
    worker: s.worker,
    work: difficulty * coin.hashesPerDifficulty,
    result: s.result,
    ip: s.ip ?? null,
    time: s.time,
  };
}
