// Pure rules of the wallet pages: exact decimal sums, the "hide small balances" rule and the row
// order, amount display and checks, "All", the idempotency key of a submission, the withdrawal
// hold, the transaction filters in the address and the call they make, and the query keys.
import { describe, expect, it } from 'vitest';
import type { BalanceItem } from '@hashpool/shared';
import { compareDecimals, decimalPlaces, fromUnits, isPositive, sumDecimals, timesWhole, toUnits, withPlaces } from '../src/ui/decimal';
import { balanceTotal, coinSymbol, displayAmount, HIDDEN_AMOUNT, isSmallBalance, visibleBalances } from '../src/features/wallet/lib/balances';
import { balanceValue } from '../src/shell/site/currency-value';
import { allOf, amountProblem } from '../src/features/wallet/lib/amounts';
import { keyForSubmission, movementFingerprint, randomUuid } from '../src/shell/api/idempotency';
import { activeHold } from '../src/features/wallet/lib/hold';
import { parseTransactionFilters, transactionFiltersToParams, transactionQuery } from '../src/features/wallet/lib/transaction-filters';
import { parseAssetTab, walletPaths } from '../src/features/wallet/lib/constants';
import { walletKeys } from '../src/features/wallet/wallet.queries';

const balance = (coin: string, available: string, more: Partial<BalanceItem> = {}): BalanceItem => ({
  coin,
  available,
  frozen: '0',
  locked: '0',
  withdraw_enabled: true,
  deposit_enabled: true,
  min_withdraw: '0.001',
  withdraw_fee: '0.0002',
  max_single_withdraw: '5',
  ...more,
});

describe('decimal strings', () => {
  it('sums exactly where floating point would not', () => {
    expect(sumDecimals('0.1', '0.2')).toBe('0.3');
    expect(sumDecimals('0.000000000000000001', '1')).toBe('1.000000000000000001');
    expect(sumDecimals('1.5', '-2')).toBe('-0.5');
    expect(sumDecimals('12345678901234567890.5', '0.5')).toBe('12345678901234567891');
  });

  it('compares by value, not by how the string is written', () => {
    expect(compareDecimals('1.50', '1.5')).toBe(0);
    expect(compareDecimals('0.0009', '0.001')).toBe(-1);
    expect(compareDecimals('10', '9.999999')).toBe(1);
  });

  it('refuses what is not a decimal of at most 18 places, and counts it as zero in sums', () => {
    expect(toUnits('abc')).toBeNull();
    expect(toUnits('0.0000000000000000001')).toBeNull();
    expect(sumDecimals('abc', '1')).toBe('1');
    expect(fromUnits(0n)).toBe('0');
    expect(fromUnits(-1n)).toBe('-0.000000000000000001');
  });

  it('knows positive amounts and written decimal places', () => {
    expect(isPositive('0.000001')).toBe(true);
    expect(isPositive('0')).toBe(false);
    expect(isPositive('-1')).toBe(false);
    expect(decimalPlaces('1.500')).toBe(1);
    expect(decimalPlaces('2')).toBe(0);
  });

  it('multiplies by a whole count exactly and pads without rounding', () => {
    expect(timesWhole('0.1', 3)).toBe('0.3'); // 0.1 * 3 is 0.30000000000000004 in floating point
    expect(timesWhole('1.005', 2)).toBe('2.01');
    expect(timesWhole('45', 2)).toBe('90');
    expect(timesWhole('0.000000000000000001', 1_000_000)).toBe('0.000000000001');
    expect(timesWhole('abc', 2)).toBeNull();
    expect(withPlaces('90', 2)).toBe('90.00');
    expect(withPlaces('1.5', 2)).toBe('1.50');
    expect(withPlaces('1.005', 2)).toBe('1.005');
  });
});

describe('balances', () => {
  it('totals available, frozen and locked', () => {
    expect(balanceTotal({ available: '0.1', frozen: '0.2', locked: '0.0001' })).toBe('0.3001');
  });

  it('counts a balance as small when empty or below the minimum withdrawal, frozen and locked included', () => {
    expect(isSmallBalance(balance('btc', '0'))).toBe(true);
    expect(isSmallBalance(balance('btc', '0.0009'))).toBe(true);
    expect(isSmallBalance(balance('btc', '0.001'))).toBe(false);
    expect(isSmallBalance(balance('btc', '0.0005', { frozen: '0.0005' }))).toBe(false);
    // Without a minimum, anything above zero is worth showing.
    expect(isSmallBalance(balance('kas', '0.000001', { min_withdraw: '0' }))).toBe(false);
  });

  it('lists coins holding something apart from the empty ones, each in the server order, and hides small ones on request', () => {
    const list = [balance('alph', '0'), balance('btc', '0.0001'), balance('doge', '100', { min_withdraw: '50' }), balance('eth', '0', { locked: '1' }), balance('ltc', '0')];
    const coins = ({ holding, empty }: { holding: BalanceItem[]; empty: BalanceItem[] }) => [holding.map((b) => b.coin), empty.map((b) => b.coin)];
    expect(coins(visibleBalances(list, false))).toEqual([['btc', 'doge', 'eth'], ['alph', 'ltc']]);
    expect(coins(visibleBalances(list, true))).toEqual([['doge', 'eth'], []]);
  });

  it('shows amounts with the coin precision, cut down, grouped, or masked', () => {
    expect(displayAmount('1234.5678919', 'btc')).toBe('1,234.567891');
    expect(displayAmount('0.99999', 'doge')).toBe('0.9999');
    expect(displayAmount('1', 'btc', true)).toBe(HIDDEN_AMOUNT);
    expect(displayAmount(null, 'btc')).toBe('--');
    expect(coinSymbol('grin-c32')).toBe('GRIN');
    expect(coinSymbol('new')).toBe('NEW');
  });
});

describe('withdrawal and transfer amounts', () => {
  const limits = { coin: 'btc', available: '0.5', minimum: '0.001' };

  it('accepts an amount within precision, minimum and balance', () => {
    expect(amountProblem('0.001', limits)).toBeNull();
    expect(amountProblem(' 0.5 ', limits)).toBeNull();
  });

  it('says what is wrong, with the figures', () => {
    expect(amountProblem('', limits)).toEqual({ key: 'amount.invalid' });
    expect(amountProblem('0', limits)).toEqual({ key: 'amount.invalid' });
    expect(amountProblem('-1', limits)).toEqual({ key: 'amount.invalid' });
    expect(amountProblem('1e-3', limits)).toEqual({ key: 'amount.invalid' });
    // BTC's base unit is the satoshi: 8 decimals are an amount, 9 are not.
    expect(amountProblem('0.00100001', { ...limits, available: '1' })).toBeNull();
    expect(amountProblem('0.001000001', limits)).toEqual({ key: 'amount.too_precise', values: { places: 8 } });
    expect(amountProblem('0.0009', limits)).toEqual({ key: 'amount.below_minimum', values: { minimum: '0.001000' } });
    expect(amountProblem('0.6', limits)).toEqual({ key: 'amount.above_available', values: { available: '0.500000' } });
  });

  it('fills in "All" with the exact available balance, not cut to the display precision', () => {
    expect(allOf('0.12345678')).toBe('0.12345678');
    expect(allOf('12.500000000000000000')).toBe('12.5');
    expect(allOf('3')).toBe('3');
    expect(allOf('0.00000001')).toBe('0.00000001');
    expect(allOf('0.000000000000000001')).toBe('0.000000000000000001');
    expect(allOf('0')).toBe('');
    expect(allOf('')).toBe('');
  });
});

describe('idempotency key of a submission', () => {
  let n = 0;
  const next = () => `key-${++n}`;

  it('uses the key made when the dialog opened for the first submission and its retries', () => {
    const opened = { fingerprint: null, key: 'opened' };
    const first = keyForSubmission(opened, 'btc|a|1', next);
    expect(first).toEqual({ fingerprint: 'btc|a|1', key: 'opened' });
    expect(keyForSubmission(first, 'btc|a|1', next).key).toBe('opened');
  });

  it('makes a new key when what is moved changes', () => {
    const used = { fingerprint: 'btc|a|1', key: 'opened' };
    const changed = keyForSubmission(used, 'btc|a|2', next);
    expect(changed.key).not.toBe('opened');
    expect(changed.fingerprint).toBe('btc|a|2');
  });

  it('treats equal amounts and names as one movement', () => {
    expect(movementFingerprint('btc', 'Farm01 ', '1.50')).toBe(movementFingerprint('btc', 'farm01', '1.5'));
    expect(movementFingerprint('btc', 'farm01', '1.5')).not.toBe(movementFingerprint('ltc', 'farm01', '1.5'));
  });

  it('makes version-4 UUIDs the server accepts', () => {
    const id = randomUuid();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(randomUuid()).not.toBe(id);
  });
});

describe('withdrawal hold', () => {
  const now = Date.parse('2024-05-01T00:00:00Z');
  it('applies while its end is ahead', () => {
    expect(activeHold('2024-05-01T10:00:00.000Z', now)).toBe('2024-05-01T10:00:00.000Z');
    expect(activeHold('2024-04-30T10:00:00.000Z', now)).toBeNull();
    expect(activeHold(null, now)).toBeNull();
    expect(activeHold('not a time', now)).toBeNull();
  });
});

describe('transaction filters', () => {
  const parse = (search: string) => parseTransactionFilters(new URLSearchParams(search));

  it('reads the address, forgiving unknown values and half ranges', () => {
    expect(parse('coin=BTC&type=withdraw&from=2024-05-01&to=2024-05-31&page=3')).toEqual({ coin: 'btc', type: 'withdraw', from: '2024-05-01', to: '2024-05-31', page: 3 });
    expect(parse('coin=nope&type=nope&from=2024-05-01&page=-1')).toEqual({ coin: null, type: null, from: null, to: null, page: 1 });
    expect(parse('from=2024-05-31&to=2024-05-01')).toMatchObject({ from: null, to: null });
    expect(parse('from=2024-13-45&to=2024-13-46')).toMatchObject({ from: null, to: null });
  });

  it('writes only what differs from the defaults', () => {
    expect(transactionFiltersToParams({ coin: null, type: null, from: null, to: null, page: 1 }).toString()).toBe('');
    expect(transactionFiltersToParams({ coin: 'ltc', type: 'deposit', from: '2024-05-01', to: '2024-05-02', page: 2 }).toString()).toBe('coin=ltc&type=deposit&from=2024-05-01&to=2024-05-02&page=2');
  });

  it('sends the days as moments in the user timezone, whole days inclusive', () => {
    const filters = { coin: 'btc', type: 'mining_profit' as const, from: '2024-05-01', to: '2024-05-31', page: 2 };
    expect(transactionQuery(filters, 'UTC+08:00')).toEqual({
      page: 2,
      page_size: 10,
      coin: 'btc',
      business_type: 'mining_profit',
      start: '2024-05-01T00:00:00.000+08:00',
      end: '2024-05-31T23:59:59.999+08:00',
    });
    expect(transactionQuery({ ...filters, coin: null, type: null }, 'UTC-03:30')).toMatchObject({ start: '2024-05-01T00:00:00.000-03:30' });
    expect(transactionQuery({ coin: null, type: null, from: null, to: null, page: 1 }, 'nonsense')).toEqual({ page: 1, page_size: 10 });
    expect(transactionQuery(filters, 'nonsense').end).toBe('2024-05-31T23:59:59.999+00:00');
  });
});

describe('wallet pages and keys', () => {
  it('opens a known tab from the address, else the withdrawals', () => {
    expect(parseAssetTab('deposits')).toBe('deposits');
    expect(parseAssetTab('payout')).toBe('payout');
    expect(parseAssetTab('nope')).toBe('withdrawals');
    expect(parseAssetTab(null)).toBe('withdrawals');
    expect(walletPaths.fund(42)).toBe('/fund/42');
  });

  it('keys every query by session and sub-account, so a switch or a new login never mixes wallets', () => {
    const query = { page: 1, page_size: 10, coin: 'btc' };
    expect(walletKeys.withdrawals(3, 'acc-1', query)).toEqual(['wallet', 3, 'acc-1', 'withdrawals', query]);
    expect(walletKeys.balances(3, null)).toEqual(['wallet', 3, '-', 'balances']);
    expect(walletKeys.addresses(3, 'acc-1')).toEqual(['wallet', 3, 'acc-1', 'addresses', 'all']);
    // Everything of a sub-account starts with its key, and everything of the session with the user key.
    const balances = walletKeys.balances(3, 'acc-1');
    expect(balances.slice(0, 3)).toEqual([...walletKeys.account(3, 'acc-1')]);
    expect(balances.slice(0, 2)).toEqual([...walletKeys.user(3)]);
    expect(walletKeys.balances(3, 'acc-2')).not.toEqual(balances);
  });
});

describe('balanceValue', () => {
  // Rates are units per 1 CNY (the rates call); prices are in USD.
  const rates = [
    { currency: 'CNY', rate: '1', symbol: '¥' },
    { currency: 'USD', rate: '0.14', symbol: '$' },
    { currency: 'RUB', rate: '12.6', symbol: '₽' },
  ];
  it('values a balance in USD and, through the rates, in other currencies', () => {
    expect(balanceValue('0.5', '96000', 'USD', rates)).toBe('48,000.00');
    expect(balanceValue('0.5', '96000', 'CNY', rates)).toBe('342,857.14');
    expect(balanceValue('0.5', '96000', 'RUB', rates)).toBe('4,320,000.00');
  });
  it('is unknown without a price or a rate', () => {
    expect(balanceValue('1', null, 'USD', rates)).toBeNull();
    expect(balanceValue('1', '2', 'EUR', rates)).toBeNull();
    expect(balanceValue('1', '2', 'USD', [])).toBeNull();
  });
});
