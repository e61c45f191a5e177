// The idempotency key of a money movement (docs/security.md item 29), for every dialog that moves money: made when the dialog
// opens and sent with every try of the same submission, so a retry after a lost answer (time-out,
// dropped connection) finds the first one's result instead of moving the money twice. Changing
// what is moved (coin, destination, amount) is another submission and gets a new key; a retry
// with a corrected code or pay password is the same one.
import { useCallback, useRef } from 'react';
import { normaliseAmount } from '@hashpool/shared';

export interface IdempotencyState {
  /** What the key was first used for; null until the first submission. */
  fingerprint: string | null;
  key: string;
}

/** The state after a submission with this fingerprint: the same key, or a new one for new content. */
export function keyForSubmission(state: IdempotencyState, fingerprint: string, newKey: () => string): IdempotencyState {
  if (state.fingerprint === null || state.fingerprint === fingerprint) return { fingerprint, key: state.key };
  return { fingerprint, key: newKey() };
}

/** What a submission moves: coin, destination and amount ("1.50" and "1.5" are one amount). */
export function movementFingerprint(coin: string, destination: string, amount: string): string {
  return [coin, destination.trim().toLowerCase(), normaliseAmount(amount.trim())].join('|');
}

/**
 * A random version-4 UUID. crypto.randomUUID exists only on secure origins, and pools are often
 * opened over plain http on a LAN; getRandomValues exists everywhere.
 */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The dialog's key source: call it with the submission's fingerprint each time it is sent. */
export function useIdempotencyKey(): (fingerprint: string) => string {
  const state = useRef<IdempotencyState | null>(null);
  state.current ??= { fingerprint: null, key: randomUuid() };
  return useCallback((fingerprint: string) => {
    state.current = keyForSubmission(state.current!, fingerprint, randomUuid);
    return state.current.key;
  }, []);
}
