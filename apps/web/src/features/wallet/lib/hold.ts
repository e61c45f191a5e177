// The withdrawal hold (docs/rules.md, States and transitions): after a change of pay password, email, phone or
// withdraw address, withdrawals and transfers wait until a time the server names. It applies only
// while that time is ahead.

/** The hold's end while it lasts, else null; `until` is an ISO time or null. */
export function activeHold(until: string | null | undefined, now = Date.now()): string | null {
  if (!until) return null;
  const end = Date.parse(until);
  return Number.isFinite(end) && end > now ? until : null;
}
