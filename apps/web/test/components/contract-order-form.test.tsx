// The contract order form on a product's page, rendered: the total is the unit price times the
// units, exact (a price may have more than two decimals) and in the currency of the chosen way to
// pay; only the ways the product and the pool offer are shown; nothing is ordered before the terms
// are agreed to; the order is sent with the chosen method under one idempotency key per filled
// form and opens its page (a balance order with its pay dialog); a refusal is shown and the form
// stays. The product is put in the cache and the order call replaced; nothing is fetched.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@hashpool/shared';
import { contractsApi, type OrderDetail, type Product } from '../../src/features/contracts/contracts.api';
import ProductDetailPage from '../../src/features/contracts/pages/ProductDetailPage';
import { ApiError } from '../../src/shell/api/api-error';
import { getSessionEpoch, writeSession } from '../../src/shell/session/session';
import { renderAt } from './render';

const PRODUCT: Product = {
  id: 'p1',
  name: 'S21 · 90 days',
  coin: 'btc',
  hashrate: '10',
  hashrate_unit: 'TH/s',
  duration_days: 90,
  price_usdt: '1.005',
  price_fiat: '7.25',
  fiat_currency: 'CNY',
  power_watts: '175',
  electricity_rate: '0.05',
  management_fee: '2',
  inventory: 5,
  sold: 0,
  sale_start: '2026-01-01T00:00:00Z',
  sale_end: '2027-01-01T00:00:00Z',
  status: 'on_sale',
  set_status: 'on_sale',
  terms: { en: 'Terms.' },
  names: {},
  demo: false,
  estimated_daily_net: null,
  usdt_networks: ['usdt_trc20', 'usdt_erc20'],
};

function open(product: Partial<Product> = {}) {
  writeSession({ token: 'access-token', refreshToken: 'refresh-token', expiry: Date.now() + 3_600_000, issuedAt: Date.now() }, 'login');
  const p = { ...PRODUCT, ...product };
  renderAt(`/contract/detail?id=${p.id}`, { cached: [[['contracts', getSessionEpoch(), 'product', p.id], p]], frame: <ProductDetailPage /> });
  return userEvent.setup();
}

const total = async () => (await screen.findByTestId('order-total', undefined, { timeout: 10_000 })).textContent;
const units = () => screen.getByRole('spinbutton', { name: 'Units (at most 5)' });
const submit = () => screen.getByTestId('order-submit') as HTMLButtonElement;

describe('the contract order form', () => {
  it('totals the units exactly, in the currency of the way to pay', async () => {
    const user = open();
    expect(await total()).toBe('To pay: 1.005 USDT, paid in BTC from your wallet');
    await user.clear(units());
    await user.type(units(), '3');
    // 3 x 1.005 is 3.015 (3.0149999999999997 in floating point, "3.01" when rounded to cents).
    expect(await total()).toBe('To pay: 3.015 USDT, paid in BTC from your wallet');
    await user.click(screen.getByRole('radio', { name: /USDT transfer/ }));
    expect(await total()).toBe('To pay: 3.015 USDT');
    await user.click(screen.getByRole('radio', { name: /Bank transfer/ }));
    expect(await total()).toBe('To pay: 21.75 CNY');
  });

  it('offers a bank transfer only with a fiat price, and USDT only on networks the pool takes', async () => {
    open({ price_fiat: null, usdt_networks: [] });
    await total();
    expect(screen.getByRole('radio', { name: /Wallet balance/ })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Bank transfer/ })).toBeNull();
    expect(screen.queryByRole('radio', { name: /USDT transfer/ })).toBeNull();
  });

  it('orders only once the terms are agreed to, with the chosen network, and opens the order', async () => {
    const order = vi.spyOn(contractsApi, 'order').mockResolvedValue({ id: 'o1' } as OrderDetail);
    const user = open();
    await total();
    await user.clear(units());
    await user.type(units(), '2');
    await user.click(screen.getByRole('radio', { name: /USDT transfer/ }));
    await user.click(screen.getByText('USDT (ERC20)'));
    expect(submit().disabled).toBe(true);
    expect(submit().textContent).toBe('Place order');
    await user.click(screen.getByRole('checkbox'));
    await user.click(submit());
    await waitFor(() => expect(order).toHaveBeenCalledTimes(1));
    expect(order.mock.calls[0]![0]).toEqual({ product_id: 'p1', units: 2, pay_method: 'usdt_erc20', agree_terms: true });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/contract/order/o1'));
  });

  it('opens a balance order with its pay dialog; a refusal stays on the form and a retry keeps the key', async () => {
    const refusal = new ApiError({ kind: 'server', status: 409, code: ERRORS.contract_inventory_short.code, msg: 'Not enough units are left.' });
    const order = vi.spyOn(contractsApi, 'order').mockRejectedValueOnce(refusal).mockResolvedValue({ id: 'o2' } as OrderDetail);
    const user = open();
    await total();
    await user.click(screen.getByRole('checkbox'));
    await user.click(submit());
    expect(await screen.findByText('Not enough units are left.')).toBeTruthy();
    expect((await screen.findByTestId('location')).textContent).toBe('/contract/detail?id=p1');
    await user.click(submit());
    await waitFor(() => expect(order).toHaveBeenCalledTimes(2));
    expect(order.mock.calls[0]![0]).toEqual({ product_id: 'p1', units: 1, pay_method: 'balance', agree_terms: true });
    expect(order.mock.calls[1]![1]).toBe(order.mock.calls[0]![1]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/contract/order/o2?pay=balance'));
  });
});
