// The dashboard's search history (SPEC.md: items of pool and addr, at most 10, kept in the
// browser under `search_list`): newest first, one entry per coin and address.
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../app/storage-keys';

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

/** Puts `item` first, without its older copy, and keeps the newest ten. */
export function rememberSearch(history: readonly SearchItem[], item: SearchItem): SearchItem[] {
  const next = [item, ...history.filter((i) => i.pool !== item.pool || i.addr !== item.addr)].slice(0, SEARCH_HISTORY_MAX);
  writeStorage(STORAGE_KEYS.searchList, JSON.stringify(next));
  return next;
}
