// Paying a contract order from the wallet balance, rendered on the order's page: the payment sends
// the amount of the quote the dialog shows (the server charges only that). When the price has moved
// (contract_quote_changed), the order is fetched again, the dialog shows the new amount, and the next
// submission sends that one. The contract calls are replaced; the user is put in the cache.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@hashpool/shared';
import { contractsApi, type OrderDetail } from '../../src/features/contracts/contracts.api';
import OrderDetailPage from '../../src/features/contracts/pages/OrderDetailPage';
import { ApiError } from '../../src/shell/api/api-error';
import type { UserMine } from '../../src/shell/session/user.api';
import { renderSignedIn } from './render';

const MINE = { id: 'u1', email: 'miner@example.com', phone: null, has_totp: true, has_pay_password: true, timezone: 'UTC', withdraw_hold_until: null, current_account: { id: 'a1', name: 'farm01' } } as unknown as UserMine;

const orderQuoting = (amount: string): OrderDetail => ({
  id: 'o1',
  product_id: 'p1',
  product_name: 'S21 · 90 days',
  coin: 'btc',
  units: 1,
  hashrate: '10',
  hashrate_unit: 'TH/s',
  total_hashrate: '10',
  duration_days: 90,
  power_watts: '175',
  electricity_rate: '0.05',
  management_fee: '2',
  pay_method: 'balance',
  pay_amount: '100',
  pay_currency: 'USDT',
  pay_address: null,
  pay_reference: 'REF-O1',
  has_certificate: false,
  status: 'unpaid',
  reject_reason: null,
  created_at: '2026-12-01T10:00:00.000Z',
  expires_at: '2026-12-02T10:00:00.000Z',
  paid_at: null,
  effect_date: null,
  end_date: null,
  total_profit: '0',
  demo: false,
  history: [{ from: null, to: 'unpaid', actor: 'user', reason: null, at: '2026-12-01T10:00:00.000Z' }],
  bank: null,
  balance_pay: { coin: 'btc', amount, available: '1', price_usd: '80000' },
});

async function open(first: OrderDetail) {
  await renderSignedIn(`/contract/order/${first.id}`, [{ path: '/contract/order/:orderId', element: <OrderDetailPage /> }], {
    mine: MINE,
    cached: (epoch) => [[['contracts', epoch, 'order', first.id], first]],
  });
  return userEvent.setup();
}

const dialog = () => screen.findByRole('dialog', undefined, { timeout: 10_000 });
const confirmText = (amount: string) => `Pay ${amount} BTC from your wallet balance for this order?`;

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  const d = await dialog();
  await user.type(within(d).getByLabelText('Pay password'), '123456');
  await user.type(within(d).getByLabelText('Authenticator code'), '654321');
  await user.click(within(d).getByRole('button', { name: 'Pay from wallet balance' }));
}

describe('paying a contract order from the wallet balance', () => {
  it('sends the quoted amount, and after a changed quote shows and sends the new one', async () => {
    const first = orderQuoting('0.00123456');
    const second = orderQuoting('0.00125');
    let current = first;
    const detail = vi.spyOn(contractsApi, 'detail').mockImplementation(async () => current);
    const changed = new ApiError({ kind: 'server', code: ERRORS.contract_quote_changed.code, status: 409, msg: 'The price has changed: confirm the new amount.' });
    const payBalance = vi
      .spyOn(contractsApi, 'payBalance')
      .mockImplementationOnce(async () => {
        // The server's price moved: the next read of the order quotes the new amount.
        current = second;
        throw changed;
      })
      .mockResolvedValue({ ...second, status: 'checking', balance_pay: null });
    const user = await open(first);

    await user.click(await screen.findByTestId('pay-balance', undefined, { timeout: 10_000 }));
    expect(within(await dialog()).getByText(confirmText('0.00123456'))).toBeTruthy();
    const readsBefore = detail.mock.calls.length;
    await fillAndSubmit(user);
    await waitFor(() => expect(payBalance).toHaveBeenCalledTimes(1));
    expect(payBalance.mock.calls[0]![0]).toBe('o1');
    expect(payBalance.mock.calls[0]![2]).toEqual({ pay_password: '123456', verification: { totp_code: '654321' }, amount: '0.00123456' });

    // The order is read again and the dialog, still open, shows the new quote.
    await waitFor(() => expect(detail.mock.calls.length).toBeGreaterThan(readsBefore));
    await waitFor(async () => expect(within(await dialog()).getByText(confirmText('0.00125'))).toBeTruthy(), { timeout: 10_000 });
    expect(screen.getByTestId('pay-amount').textContent).toBe('0.00125 BTC');

    await user.click(within(await dialog()).getByRole('button', { name: 'Pay from wallet balance' }));
    await waitFor(() => expect(payBalance).toHaveBeenCalledTimes(2));
    expect(payBalance.mock.calls[1]![2]).toEqual({ pay_password: '123456', verification: { totp_code: '654321' }, amount: '0.00125' });
  });
});
