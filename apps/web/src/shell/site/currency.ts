// The display currency (docs/rules.md, Entities: `currency` in local storage). The choice is one of the
// currencies the rates call lists; by default USD when listed, otherwise CNY (always rate 1).
import { useSyncExternalStore } from 'react';
import type { RateItem } from '@hashpool/shared';
import { useRates } from './site.queries';
import { changeSignal } from '../../ui/change-signal';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage-keys';

export const BASE_CURRENCY = 'CNY';
export const PREFERRED_DEFAULT_CURRENCY = 'USD';

export function pickCurrency(stored: string | null, rates: readonly RateItem[]): string {
  const listed = new Set(rates.map((r) => r.currency));
  if (stored && listed.has(stored)) return stored;
  return listed.has(PREFERRED_DEFAULT_CURRENCY) ? PREFERRED_DEFAULT_CURRENCY : BASE_CURRENCY;
}

const currencyChanges = changeSignal();

export function setCurrency(currency: string): void {
  writeStorage(STORAGE_KEYS.currency, currency);
  currencyChanges.notify();
}

function useStoredCurrency(): string | null {
  return useSyncExternalStore(currencyChanges.subscribe, () => readStorage(STORAGE_KEYS.currency));
}

export function useCurrency(): { currency: string; rates: readonly RateItem[] } {
  const rates = useRates().data?.rates ?? [];
  return { currency: pickCurrency(useStoredCurrency(), rates), rates };
}
