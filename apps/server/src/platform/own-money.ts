// Operators and their own money (docs/security.md item 20b): whatever the amount, an operator
// never carries out a movement of money of their own accounts. A finance operator could otherwise
// credit their own sub-account below the four-eyes threshold and approve its withdrawal, confirm
// their own unpaid contract order, or approve their own loan: another operator must. Refusing,
// rejecting or declining only gives money back, which anyone may.
import { AppError } from './errors';

/** Refuses (operator_own_money) when the money's owner is the operator acting. */
export function refuseOwnMoney(operatorUserId: string, ownerUserId: string | null | undefined): void {
  if (ownerUserId === operatorUserId) throw new AppError('operator_own_money');
}
