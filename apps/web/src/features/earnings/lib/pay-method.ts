// What the payout-method section says, worked out from the server's state and the shared rule
// (packages/shared earnings.ts); pure, unit-tested in apps/web/test/earnings-helpers.test.ts.
import { payMethodEffectiveDay, payMethodNextSwitchAt, settlementTime, type PayMethod } from '@hashpool/shared';

export interface PayMethodState {
  method: PayMethod;
  today_method: PayMethod;
  effective_from: string | null;
  switched_at: string | null;
  next_switch_at: string | null;
}

/** default: never switched; pending: the last switch waits for its day; since: it pays now. */
export type MethodStatus = 'default' | 'pending' | 'since';

export function methodStatus(state: PayMethodState): MethodStatus {
  if (state.effective_from === null) return 'default';
  return state.today_method === state.method ? 'since' : 'pending';
}

/** Whether a switch would be accepted now (the server decides; this only greys the buttons). */
export function canSwitchNow(state: PayMethodState, now: Date): boolean {
  return state.next_switch_at === null || now.getTime() >= Date.parse(state.next_switch_at);
}

/** What a switch made `now` would do: its first settlement day, when that is settled, and the next allowed switch. */
export function switchOutcome(now: Date): { day: string; settle: Date; until: Date } {
  const day = payMethodEffectiveDay(now);
  return { day, settle: settlementTime(day), until: payMethodNextSwitchAt(now) };
}

const SUPERSCRIPT: Record<string, string> = { '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹', '-': '⁻' };
const superscript = (digits: string) => [...digits].map((c) => SUPERSCRIPT[c] ?? c).join('');

/** A difficulty as people read it: "1.299 × 10¹⁴" when large, the digits otherwise. */
export function formatDifficulty(value: string): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return value;
  if (Math.abs(n) < 1e6) return value;
  const [mantissa, exponent] = n.toExponential(3).split('e');
  const trimmed = mantissa!.replace(/\.?0+$/, '');
  return `${trimmed} × 10${superscript(String(Number(exponent)))}`;
}

/** Hashes per difficulty: "2³²" for a power of two, else the number. */
export function formatHashesPerDifficulty(k: number): string {
  const exponent = Math.log2(k);
  return Number.isInteger(exponent) && exponent > 1 ? `2${superscript(String(exponent))}` : String(k);
}
