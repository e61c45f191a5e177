// The display currency: the stored choice when the rates list it, else USD, else CNY.
import { describe, expect, it } from 'vitest';
import { pickCurrency } from '../src/shell/site/currency';

const rates = (...codes: string[]) => codes.map((currency) => ({ currency, rate: '1', symbol: '' }));

describe('display currency', () => {
  it('keeps a stored currency that is listed', () => expect(pickCurrency('EUR', rates('CNY', 'USD', 'EUR'))).toBe('EUR'));
  it('defaults to USD when listed', () => expect(pickCurrency(null, rates('CNY', 'USD'))).toBe('USD'));
  it('falls back to CNY otherwise', () => expect(pickCurrency('GBP', rates('CNY', 'EUR'))).toBe('CNY'));
  it('uses CNY before the rates arrive', () => expect(pickCurrency(null, [])).toBe('CNY'));
});
