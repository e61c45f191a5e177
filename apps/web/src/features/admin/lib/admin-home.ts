// Where /admin and the old /admin/wallet send an operator. Pure: unit-tested in
// apps/web/test/features.test.ts.

/** The old tabs' keys that are not the last part of their page's address now. */
const RENAMED: Readonly<Record<string, string>> = { coin_list: 'coin-list' };

/**
 * The page to open: the one an old link names (?tab=<key>, now /admin/<key>) when the operator may
 * open it, else the first of the side menu's entries they may open; null when there is none.
 */
export function adminHomeTarget(allowed: readonly string[], tab: string | null): string | null {
  const asked = tab ? `/admin/${RENAMED[tab] ?? tab}` : null;
  if (asked && allowed.includes(asked)) return asked;
  return allowed[0] ?? null;
}
