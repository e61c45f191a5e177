// The address-mining search history (`search_list`: newest first, one entry per coin and address,
// ten at most) and the address last looked up per coin (`default_address_list`).
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultAddress, readSearchHistory, rememberSearch, SEARCH_HISTORY_MAX } from '../src/features/address-mining/lib/search-history';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  Object.assign(globalThis, {
    localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) },
  });
});

/** A distinct well-formed ALEO address per number (digits spelt with bech32 letters). */
const aleo = (n: number) => `aleo1${[...String(n)].map((d) => 'acdefghjkl'[Number(d)]).join('').padStart(58, 'q')}`;

describe('address search history', () => {
  it('keeps the newest ten, newest first, without repeats', () => {
    let history = readSearchHistory();
    for (let i = 2; i < 2 + 12; i++) history = rememberSearch(history, { pool: 'aleo', addr: aleo(i) });
    history = rememberSearch(history, { pool: 'aleo', addr: aleo(5) });
    expect(history).toHaveLength(SEARCH_HISTORY_MAX);
    expect(history[0]).toEqual({ pool: 'aleo', addr: aleo(5) });
    expect(history.filter((h) => h.addr === aleo(5))).toHaveLength(1);
    expect(readSearchHistory()).toEqual(history);
    expect(history.map((h) => h.addr)).not.toContain(aleo(2));
  });

  it('remembers the last address per coin, and forgets what is not an address', () => {
    expect(defaultAddress('aleo')).toBeNull();
    rememberSearch([], { pool: 'aleo', addr: aleo(7) });
    rememberSearch(readSearchHistory(), { pool: 'kas', addr: `kaspa:q${'q'.repeat(60)}` });
    expect(defaultAddress('aleo')).toBe(aleo(7));
    expect(defaultAddress('kas')).toBe(`kaspa:q${'q'.repeat(60)}`);
    store.set('default_address_list', JSON.stringify({ aleo: 'aleo1short' }));
    expect(defaultAddress('aleo')).toBeNull();
    store.set('default_address_list', 'not json');
    expect(defaultAddress('aleo')).toBeNull();
    store.set('search_list', '{"pool":"aleo"}');
    expect(readSearchHistory()).toEqual([]);
  });
});
