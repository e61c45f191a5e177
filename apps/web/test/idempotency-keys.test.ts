// The idempotency key kept past its dialog (docs/security.md item 29): a submission whose outcome
// is unclear (no answer, a time-out, a 5xx) leaves its key for its scope and fingerprint for 24
// hours; a clear answer (a success, a 4xx) forgets it; other scopes and contents do not see it.
// And the decimal comma of amounts ("0,5"), read as the point before checking and sending.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/shell/api/api-error';
import { forgetKey, isUnclearOutcome, outcomeOf, PENDING_KEY_TTL_MS, recallKey, rememberKey } from '../src/shell/api/idempotency';
import { amountProblem, normalisedAmount } from '../src/features/wallet/lib/amounts';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (name: string) => items.get(name) ?? null,
    setItem: (name: string, value: string) => void items.set(name, value),
    removeItem: (name: string) => void items.delete(name),
    items,
  };
}

describe('the outcome of a failed submission', () => {
  it('is unclear without an answer, after a time-out and on a 5xx; clear on a 4xx', () => {
    expect(isUnclearOutcome(new ApiError({ kind: 'network' }))).toBe(true);
    expect(isUnclearOutcome(new ApiError({ kind: 'timeout' }))).toBe(true);
    expect(isUnclearOutcome(new ApiError({ kind: 'http', status: 502 }))).toBe(true);
    expect(isUnclearOutcome(new ApiError({ kind: 'server', status: 500, code: 50000 }))).toBe(true);
    expect(outcomeOf(new ApiError({ kind: 'server', status: 400, code: 30004 }))).toBe('clear');
    // The first try under the key still running: the money may yet move.
    expect(outcomeOf(new ApiError({ kind: 'server', status: 409, code: 10006 }))).toBe('unclear');
    expect(outcomeOf(new ApiError({ kind: 'http', status: 429 }))).toBe('clear');
    // A 200 whose body could not be read: the movement may have been made.
    expect(outcomeOf(new ApiError({ kind: 'http', status: 200 }))).toBe('unclear');
    // A cancelled call and a failure that is not the API's say nothing either way.
    expect(outcomeOf(new ApiError({ kind: 'aborted' }))).toBe('none');
    expect(outcomeOf(new Error('bug'))).toBe('none');
  });
});

describe('keys kept for unclear submissions', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');

  it('gives the kept key back for the same scope and fingerprint only', () => {
    const store = memoryStore();
    rememberKey(store, 'withdraw:a1', 'btc|addr|1.2', 'key-1', now);
    expect(recallKey(store, 'withdraw:a1', 'btc|addr|1.2', now + 1000)).toBe('key-1');
    expect(recallKey(store, 'withdraw:a2', 'btc|addr|1.2', now)).toBeNull();
    expect(recallKey(store, 'transfer:a1', 'btc|addr|1.2', now)).toBeNull();
    expect(recallKey(store, 'withdraw:a1', 'btc|addr|1.3', now)).toBeNull();
  });

  it('keeps a key for 24 hours at most', () => {
    const store = memoryStore();
    rememberKey(store, 'withdraw:a1', 'f', 'key-1', now);
    expect(recallKey(store, 'withdraw:a1', 'f', now + PENDING_KEY_TTL_MS - 1)).toBe('key-1');
    expect(recallKey(store, 'withdraw:a1', 'f', now + PENDING_KEY_TTL_MS)).toBeNull();
    // A later write drops what has expired.
    rememberKey(store, 'withdraw:a1', 'g', 'key-2', now + PENDING_KEY_TTL_MS);
    expect(JSON.parse(store.items.values().next().value!)).toEqual({ 'withdraw:a1\ng': { key: 'key-2', at: now + PENDING_KEY_TTL_MS } });
  });

  it('forgets a key after a clear answer, leaving the others', () => {
    const store = memoryStore();
    rememberKey(store, 'withdraw:a1', 'f', 'key-1', now);
    rememberKey(store, 'transfer:a1', 'f', 'key-2', now);
    forgetKey(store, 'withdraw:a1', 'f', now);
    expect(recallKey(store, 'withdraw:a1', 'f', now)).toBeNull();
    expect(recallKey(store, 'transfer:a1', 'f', now)).toBe('key-2');
    forgetKey(store, 'transfer:a1', 'f', now);
    expect(store.items.size).toBe(0);
  });

  it('reads damaged storage as empty', () => {
    const store = memoryStore();
    store.setItem('hashpool:pending-idempotency-keys', '{not json');
    expect(recallKey(store, 'withdraw:a1', 'f', now)).toBeNull();
    store.setItem('hashpool:pending-idempotency-keys', JSON.stringify({ 'withdraw:a1\nf': { key: 7 } }));
    expect(recallKey(store, 'withdraw:a1', 'f', now)).toBeNull();
  });
});

describe('a decimal comma', () => {
  const BTC = { coin: 'btc', available: '1', minimum: '0.001' };

  it('is read as the point, once', () => {
    expect(normalisedAmount(' 0,5 ', 'ru-RU')).toBe('0.5');
    // Where a comma groups thousands, "1,000" is not 1: it stays as typed, and is refused.
    expect(normalisedAmount('1,000', 'en')).toBe('1,000');
    expect(normalisedAmount('1,000', 'zh-CN')).toBe('1,000');
    expect(normalisedAmount('0,5', 'ru-RU')).toBe('0.5');
    expect(normalisedAmount('0.5')).toBe('0.5');
    expect(normalisedAmount('1,000.5')).toBe('1,000.5');
    expect(normalisedAmount('1,2,3')).toBe('1,2,3');
    expect(normalisedAmount(undefined)).toBe('');
  });

  it('passes the amount check as its point would, where the language writes one', () => {
    expect(amountProblem('0,5', BTC, 'ru-RU')).toBeNull();
    expect(amountProblem('1,5', BTC, 'ru-RU')).toEqual({ key: 'amount.above_available', values: { available: '1.000000' } });
    expect(amountProblem('1,000.5', BTC, 'ru-RU')).toEqual({ key: 'amount.invalid' });
    expect(amountProblem('0,5,1', BTC, 'ru-RU')).toEqual({ key: 'amount.invalid' });
    // In English "1,000" is a thousand written with a separator: refused, never sent as 1.
    expect(amountProblem('1,000', { ...BTC, available: '5000' }, 'en')).toEqual({ key: 'amount.invalid' });
    expect(amountProblem('0,5', BTC, 'en')).toEqual({ key: 'amount.invalid' });
  });
});
