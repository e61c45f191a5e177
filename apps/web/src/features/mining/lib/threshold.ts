// The hashrate alarm threshold is stored in H/s; the form shows it as a number and a unit
// (H/s ... YH/s, steps of 1000, the units of packages/shared's splitHashrate).
import { HASHRATE_UNITS, isHashrateThreshold, splitHashrate } from '@hashpool/shared';

export type HashrateUnit = (typeof HASHRATE_UNITS)[number];

const factorOf = (unit: HashrateUnit) => 1000 ** HASHRATE_UNITS.indexOf(unit);

/**
 * Significant digits kept: 15 is what a double holds exactly, so every whole H/s below 1e15 comes
 * back unchanged, and float noise (812.3456789012341) is trimmed from what the input shows.
 */
const SIGNIFICANT_DIGITS = 15;

/**
 * A threshold in H/s as the value and unit the form shows: the unit splitHashrate picks, the value
 * exact rather than cut to splitHashrate's two decimals, so opening and saving the form never changes it.
 */
export function splitThreshold(hashesPerSecond: number): { value: number; unit: HashrateUnit } {
  const unit = splitHashrate(hashesPerSecond).unit as HashrateUnit;
  return { value: Number((hashesPerSecond / factorOf(unit)).toPrecision(SIGNIFICANT_DIGITS)), unit };
}

/** The form's value and unit back in whole H/s. */
export function joinThreshold(value: number, unit: HashrateUnit): number {
  return Math.round(value * factorOf(unit));
}

export const THRESHOLD_UNITS: readonly HashrateUnit[] = HASHRATE_UNITS;

/**
 * A group's threshold from its form: the H/s the server accepts (isHashrateThreshold: above 0, at
 * most HASHRATE_THRESHOLD_MAX, after rounding to whole H/s), or null when the value cannot be one.
 */
export function groupThreshold(value: number | null | undefined, unit: HashrateUnit): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const hashesPerSecond = joinThreshold(value, unit);
  return isHashrateThreshold(hashesPerSecond) ? hashesPerSecond : null;
}

/** The group's hashrate is under its threshold now: the alarm is (or is about to be) raised. */
export function isBelowThreshold(group: { total: number; hashrate_15m: number; hashrate_threshold: number | null }): boolean {
  return group.hashrate_threshold !== null && group.total > 0 && group.hashrate_15m < group.hashrate_threshold;
}
