// A route's coin, checked once for every module: the coin exists and is of the mode the route is
// for (the address-mode coins of docs/rules.md, Routes and access, are mined to addresses, the
// others into sub-accounts), and an address has its coin's format. The answers are the API's usual errors.
import { findCoin, isValidMiningAddress, type CoinInfo } from '@hashpool/shared';
import { AppError } from './errors';

/** An account-mode coin (mined into sub-accounts), else coin_not_found. */
export function accountCoin(code: string): CoinInfo {
  const coin = findCoin(code);
  if (!coin || coin.mode !== 'account') throw new AppError('coin_not_found');
  return coin;
}

/** An address-mode coin (alph, kas, sumo, zeph, aleo, xtm), else coin_not_found. */
export function addressCoin(code: string): CoinInfo {
  const coin = findCoin(code);
  if (!coin || coin.mode !== 'address') throw new AppError('coin_not_found');
  return coin;
}

/** The address-mode coin's code, when `address` has that coin's format; else address_invalid. */
export function addressOf(code: string, address: string): string {
  const coin = addressCoin(code).code;
  if (!isValidMiningAddress(coin, address)) throw new AppError('address_invalid');
  return coin;
}
