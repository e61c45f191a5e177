// The dashboard's search history (docs/rules.md, Entities: items of pool and addr, at most 10, kept in the
// browser under `search_list`): newest first, one entry per coin and address. And the address
// last looked up per coin (`default_address_list`: { coin: address }), which a coin's pages open
// with when their address bar names none.
import { isValidMiningAddress } from '@hashpool/shared';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../shell/storage-keys';

export interface SearchItem {
  pool: string;
  addr: string;
}

export const SEARCH_HISTORY_MAX = 10;

export function readSearchHistory(): SearchItem[] {
  try {
    const parsed: unknown = JSON.parse(readStorage(STORAGE_KEYS.searchList) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((i): i is SearchItem => typeof i?.pool === 'string' && typeof i?.addr === 'string').slice(0, SEARCH_HISTORY_MAX) : [];
  } catch {
    return [];
  }
}

function readDefaults(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(readStorage(STORAGE_KEYS.defaultAddressList) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The address last looked up for `coin`, if it still has the coin's format. */
export function defaultAddress(coin: string): string | null {
  const address = readDefaults()[coin];
  return typeof address === 'string' && isValidMiningAddress(coin, address) ? address : null;
}

/** Puts `item` first, without its older copy, keeps the newest ten, and makes it the coin's default. */
export function rememberSearch(history: readonly SearchItem[], item: SearchItem): SearchItem[] {
  const next = [item, ...history.filter((i) => i.pool !== item.pool || i.addr !== item.addr)].slice(0, SEARCH_HISTORY_MAX);
  writeStorage(STORAGE_KEYS.searchList, JSON.stringify(next));
  writeStorage(STORAGE_KEYS.defaultAddressList, JSON.stringify({ ...readDefaults(), [item.pool]: item.addr }));
  return next;
}
