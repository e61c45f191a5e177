// Small formatting of the promotions' values.
import { findCoin } from '@hashpool/shared';

export const coinLabel = (code: string) => findCoin(code)?.symbol ?? code.toUpperCase();
export const coinsLabel = (codes: readonly string[]) => codes.map(coinLabel).join(', ');
