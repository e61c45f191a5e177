// The asset page's two switches, remembered in local storage under the keys of docs/rules.md, Entities: `hide_wallet`
// (hide small balances) and `hide_amount` (mask every amount, for screens others can see).
import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../shell/storage-keys';
import { changeSignal } from '../../../ui/change-signal';

type FlagKey = typeof STORAGE_KEYS.hideWallet | typeof STORAGE_KEYS.hideAmount;

const flagChanges = changeSignal();

function subscribe(listener: () => void): () => void {
  const unsubscribe = flagChanges.subscribe(listener);
  // Another tab flipping the switch flips it here too.
  window.addEventListener('storage', listener);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', listener);
  };
}

/** Stored as "1" or "0"; anything else (nothing stored yet) is off. */
export function readFlag(key: FlagKey): boolean {
  return readStorage(key) === '1';
}

export function writeFlag(key: FlagKey, on: boolean): void {
  writeStorage(key, on ? '1' : '0');
  flagChanges.notify();
}

export function useFlag(key: FlagKey): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, () => readFlag(key), () => false);
  return [on, (next: boolean) => writeFlag(key, next)];
}

export const useHideSmall = () => useFlag(STORAGE_KEYS.hideWallet);
export const useHideAmounts = () => useFlag(STORAGE_KEYS.hideAmount);
