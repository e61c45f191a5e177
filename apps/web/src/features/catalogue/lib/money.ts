// The catalogue's figures in the user's display currency, and the electricity fee (docs/rules.md,
// Entities: `electricity_fee` in local storage), per kWh, kept with the currency it was typed in
// ("0.6 CNY") and shown in the display currency: switching currencies converts it, instead of
// reading 0.6 yuan as 0.6 won. The server computes in USD; prices are USD and rates are units per
// 1 CNY, so x USD = x x rate(currency) / rate(USD) in the display currency. Display estimates (floats).
import { useSyncExternalStore } from 'react';
import { formatAmount, type RateItem } from '@hashpool/shared';
import { useCurrency } from '../../../shell/site/currency';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../shell/storage-keys';
import { changeSignal } from '../../../ui/change-signal';

/** The fee a visitor starts with, in USD per kWh, before they set their own. */
export const DEFAULT_ELECTRICITY_USD = 0.05;

export function usdFactor(currency: string, rates: readonly RateItem[]): number | null {
  const rate = (code: string) => Number(rates.find((r) => r.currency === code)?.rate ?? NaN);
  const factor = rate(currency) / rate('USD');
  return Number.isFinite(factor) && factor > 0 ? factor : null;
}

const feeChanges = changeSignal();

/** The ranking's bound for the fee (the server's `electricity`, USD per kWh). */
export const MAX_ELECTRICITY_USD = 100;

/** A fee as the input shows it, to 4 places (also the input's bound: the two round alike). */
export const feeDigits = (value: number): number => Number(value.toFixed(4));

export function setElectricityFee(value: number, currency: string): void {
  // Fixed-point text: String(1e-7) would be written "1e-7", which the reader refuses.
  writeStorage(STORAGE_KEYS.electricityFee, `${value.toFixed(6).replace(/\.?0+$/, '')} ${currency}`);
  feeChanges.notify();
}

/**
 * The stored fee in the display currency and in USD, or nulls until the rates are known. A value
 * without a currency (stored before currencies were kept) is taken as in the display currency;
 * none or an unreadable one is the default.
 */
export function electricityFee(stored: string | null, currency: string, rates: readonly RateItem[]): { fee: number | null; feeUsd: number | null } {
  const factor = usdFactor(currency, rates);
  if (factor === null) return { fee: null, feeUsd: null };
  const match = stored === null ? null : /^(\d+(?:\.\d+)?)(?: ([A-Z]{3}))?$/.exec(stored.trim());
  const storedFactor = match?.[2] === undefined ? factor : usdFactor(match[2], rates);
  const usd = match && storedFactor !== null ? Number(match[1]) / storedFactor : DEFAULT_ELECTRICITY_USD;
  const feeUsd = Math.min(usd, MAX_ELECTRICITY_USD);
  // Shown to 4 places in the display currency; the ranking is asked the USD figure itself.
  return { fee: feeDigits(feeUsd * factor), feeUsd };
}

/**
 * The user's electricity fee in the display currency and in USD (null until the rates are known),
 * and the currency's symbol and USD factor for showing the server's USD figures.
 */
export function useElectricity() {
  const { currency, rates } = useCurrency();
  const stored = useSyncExternalStore(feeChanges.subscribe, () => readStorage(STORAGE_KEYS.electricityFee));
  const factor = usdFactor(currency, rates);
  const { fee, feeUsd } = electricityFee(stored, currency, rates);
  const symbol = rates.find((r) => r.currency === currency)?.symbol ?? '';
  return { currency, symbol, factor, fee, feeUsd };
}

export function money(usd: number | null | undefined, factor: number | null, symbol: string): string {
  if (usd === null || usd === undefined || factor === null || !Number.isFinite(usd)) return '--';
  const v = usd * factor;
  return `${v < 0 ? '-' : ''}${symbol}${formatAmount(Math.abs(v).toFixed(2), { precision: 2, grouping: true })}`;
}

/** Coins with 8 significant digits at most (a day of a small miner is a tiny fraction). */
export function coins(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '--';
  if (value === 0) return '0';
  return value >= 1000 ? formatAmount(value.toFixed(2), { precision: 2, grouping: true }) : String(Number(value.toPrecision(6)));
}
