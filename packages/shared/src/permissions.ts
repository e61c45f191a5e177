// Permission strings (docs/rules.md, Routes and access). The server returns the ones a user holds
// (GET /permissions/current); routes and elements list the ones that unlock them.
export const PERMISSIONS = [
  'contract.view',
  'account.view',
  'pool.view',
  'miner.view',
  'user.view',
  'recommend.view',
  'wallet.view',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** An element or route listing `required` is shown when the user holds at least one of them. */
export function holdsAny(held: readonly string[], required: readonly string[]): boolean {
  if (required.length === 0) return true;
  return required.some((p) => held.includes(p));
}

/**
 * Operator roles (docs/security.md, Operator roles). `admin` may do everything; the others open
 * only the admin routes that name them (`access.operator('finance')` on the server, the route
 * table's `operator` access on the web).
 */
export const OPERATOR_ROLES = ['admin', 'finance', 'support', 'content'] as const;

export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** True when the operator holding `held` may use what `allowed` lists (admin always may). */
export function operatorMay(held: readonly string[], allowed: readonly OperatorRole[]): boolean {
  return held.includes('admin') || allowed.some((r) => held.includes(r));
}
