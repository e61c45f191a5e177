// The idempotency key of a money movement (docs/security.md item 29), for every dialog that moves money: made when the dialog
// opens and sent with every try of the same submission, so a retry after a lost answer (time-out,
// dropped connection) finds the first one's result instead of moving the money twice. Changing
// what is moved (coin, destination, amount) is another submission and gets a new key; a retry
// with a corrected code or pay password is the same one.
//
// A dialog is not enough when the answer is lost: the user closes it, opens it again and sends the
// same thing, which the server, given a new key, would move a second time. So a caller that names a
// scope (the kind of movement and the sub-account: `withdraw:<account id>`) sends through `send`,
// and a submission whose outcome is unclear (no answer, a time-out, a 5xx) leaves its key in this
// tab's sessionStorage for 24 hours under its scope and fingerprint; a dialog opened later that
// sends the same content in the same scope takes that key, and the server answers the first
// submission's result. A clear answer (success, or a 4xx refusal) forgets it, so a later, intended
// identical movement gets a new key.
import { useMemo, useRef } from 'react';
import { ERRORS, normaliseAmount } from '@hashpool/shared';
import { ApiError } from './api-error';

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

/**
 * 'unclear': the money may have moved or not (no answer, a time-out, a 5xx); 'clear': the server
 * answered (success is clear too); 'none': a cancelled call or a failure before anything was sent,
 * which says nothing either way.
 */
export type Outcome = 'unclear' | 'clear' | 'none';

export function outcomeOf(error: unknown): Outcome {
  if (!(error instanceof ApiError) || error.kind === 'aborted') return 'none';
  if (error.kind === 'network' || error.kind === 'timeout' || error.status >= 500) return 'unclear';
  // An answer without the envelope but not an error status (a 200 whose body was cut off): the
  // server did answer, and may have moved the money.
  if (error.kind === 'http' && error.status < 400) return 'unclear';
  // The first submission under this key is still running on the server: it may yet move the money.
  if (error.code === ERRORS.request_in_progress.code) return 'unclear';
  return 'clear';
}

/** Whether a failed submission may have gone through all the same. */
export function isUnclearOutcome(error: unknown): boolean {
  return outcomeOf(error) === 'unclear';
}

/** How long a key of an unclear submission is kept for later dialogs. */
export const PENDING_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** The sessionStorage item of the kept keys: { "<scope>\n<fingerprint>": { key, at } }. */
export const PENDING_KEYS_ITEM = 'hashpool:pending-idempotency-keys';
/** At most this many kept keys, the newest. */
const MAX_PENDING = 50;

type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type Pending = Record<string, { key: string; at: number }>;

const entryName = (scope: string, fingerprint: string) => `${scope}\n${fingerprint}`;

/** The kept keys still within their 24 hours. */
function readPending(store: KeyStore, now: number): Pending {
  let parsed: unknown;
  try {
    parsed = JSON.parse(store.getItem(PENDING_KEYS_ITEM) ?? '{}');
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const fresh: Pending = {};
  for (const [name, entry] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { key, at } = entry as { key?: unknown; at?: unknown };
    if (typeof key === 'string' && typeof at === 'number' && at <= now && now - at < PENDING_KEY_TTL_MS) fresh[name] = { key, at };
  }
  return fresh;
}

function writePending(store: KeyStore, pending: Pending): void {
  const newest = Object.entries(pending)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, MAX_PENDING);
  if (newest.length === 0) store.removeItem(PENDING_KEYS_ITEM);
  else store.setItem(PENDING_KEYS_ITEM, JSON.stringify(Object.fromEntries(newest)));
}

/** The key kept for this scope and fingerprint, if an unclear submission left one within 24 hours. */
export function recallKey(store: KeyStore, scope: string, fingerprint: string, now = Date.now()): string | null {
  return readPending(store, now)[entryName(scope, fingerprint)]?.key ?? null;
}

/** Keeps the key of an unclear submission for 24 hours from now (from its latest unclear try). */
export function rememberKey(store: KeyStore, scope: string, fingerprint: string, key: string, now = Date.now()): void {
  const pending = readPending(store, now);
  pending[entryName(scope, fingerprint)] = { key, at: now };
  writePending(store, pending);
}

/** Forgets the key of this scope and fingerprint after a clear answer. */
export function forgetKey(store: KeyStore, scope: string, fingerprint: string, now = Date.now()): void {
  const pending = readPending(store, now);
  delete pending[entryName(scope, fingerprint)];
  writePending(store, pending);
}

/** sessionStorage, or null where it cannot be used (then keys live as long as the dialog). */
function sessionStore(): KeyStore | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Storage that fails (quota, private modes) must not stop a submission. */
function quietly<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

/** The dialog's key source: call it with the submission's fingerprint each time it is sent. */
export interface IdempotencyKeys {
  (fingerprint: string): string;
  /**
   * Sends one try of the submission with `fingerprint` under its key. With a scope, an unclear
   * outcome keeps the key for dialogs opened later, a clear one forgets it; the call's result or
   * error is passed on.
   */
  send<T>(fingerprint: string, call: (key: string) => Promise<T>): Promise<T>;
}

/**
 * The key source of one open dialog. `scope` (the kind of movement and the sub-account:
 * `withdraw:<account id>`) lets a key outlive the dialog when its submission's outcome is unclear;
 * without one, keys live as long as the dialog.
 */
export function useIdempotencyKey(scope?: string): IdempotencyKeys {
  const state = useRef<IdempotencyState | null>(null);
  state.current ??= { fingerprint: null, key: randomUuid() };
  return useMemo(() => {
    const keyFor = (fingerprint: string): string => {
      const store = scope ? sessionStore() : null;
      const kept = store && scope ? quietly(() => recallKey(store, scope, fingerprint), null) : null;
      state.current = kept ? { fingerprint, key: kept } : keyForSubmission(state.current!, fingerprint, randomUuid);
      return state.current.key;
    };
    const send = async <T>(fingerprint: string, call: (key: string) => Promise<T>): Promise<T> => {
      const key = keyFor(fingerprint);
      const store = scope ? sessionStore() : null;
      const settle = (outcome: Outcome) => {
        if (!store || !scope) return;
        if (outcome === 'unclear') quietly(() => rememberKey(store, scope, fingerprint, key), undefined);
        else if (outcome === 'clear') quietly(() => forgetKey(store, scope, fingerprint), undefined);
      };
      let result: T;
      try {
        result = await call(key);
      } catch (error) {
        settle(outcomeOf(error));
        throw error;
      }
      settle('clear');
      return result;
    };
    return Object.assign(keyFor, { send });
  }, [scope]);
}
