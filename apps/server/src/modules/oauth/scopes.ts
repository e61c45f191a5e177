// Which routes an OAuth access token opens, by its scopes (docs/security.md, OAuth). A token is
// read-only: only observer-readable GET routes ever let it through (platform/access.ts), and only
// when the permission below matches. `transactions` opens the earnings reads (profits, payouts,
// payout method), `mining` the pool reads (hashrates, workers, groups, account statistics).
const TRANSACTION_ROUTES = /\/(profits|pay-method|rates)(\/|$)/;

export function permissionsForRoute(routeUrl: string, scopes: readonly string[]): string[] {
  const has = new Set(scopes);
  // The token's own description (GET /api/oauth/accounts) answers whatever it was granted.
  if (routeUrl === '/api/oauth/accounts') return ['user.view'];
  if (TRANSACTION_ROUTES.test(routeUrl)) return has.has('transactions') ? ['pool.view'] : [];
  return has.has('mining') ? ['pool.view', 'miner.view'] : [];
}
