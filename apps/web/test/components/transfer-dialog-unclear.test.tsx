// The transfer dialog when things go wrong, rendered: a transfer whose answer is lost (a time-out,
// a 5xx) may have gone through, so the user is told so, the wallet is refreshed, and its
// idempotency key outlives the dialog: the same transfer sent from a dialog opened again is a
// retry the server answers with the first result, not a second transfer; a clear answer forgets
// the key. While the withdrawal hold lasts nothing can be sent (and no code is asked for); a
// refused emailed code goes under its input; a decimal comma is read as the point. The wallet
// calls are replaced; nothing is fetched.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@hashpool/shared';
import TransferDialog from '../../src/features/wallet/dialogs/TransferDialog';
import { walletApi, type BalanceItem, type Transfer } from '../../src/features/wallet/wallet.api';
import { ApiError } from '../../src/shell/api/api-error';
import type { UserMine } from '../../src/shell/session/user.api';
import { getSessionEpoch, writeSession } from '../../src/shell/session/session';
import { userKeys } from '../../src/shell/session/user.queries';
import { renderAt } from './render';

const BALANCE = { coin: 'btc', available: '1.5', frozen: '0', locked: '0', min_withdraw: '0.001', withdraw_fee: '0.0002', max_single_withdraw: '1', withdraw_enabled: true } as unknown as BalanceItem;
const MINE = { id: 'u1', email: 'miner@example.com', phone: null, has_totp: true, has_pay_password: true, timezone: 'UTC', withdraw_hold_until: null, current_account: { id: 'a1', name: 'farm01' } } as unknown as UserMine;
const DONE = { coin: 'btc', amount: '0.25', to_account: 'farm02' } as unknown as Transfer;
const UNCLEAR = 'No clear answer came back, so the transfer may have gone through. Check the transactions before trying again.';

function open(mine = MINE) {
  writeSession({ token: 'access-token', refreshToken: 'refresh-token', expiry: Date.now() + 3_600_000, issuedAt: Date.now() }, 'login');
  const onClose = vi.fn();
  const rendered = renderAt('/user/wallet', { cached: [[userKeys.mine(getSessionEpoch()), mine]], frame: <TransferDialog mine={mine} balance={BALANCE} onClose={onClose} /> });
  return { ...rendered, onClose, user: userEvent.setup() };
}

const field = async (label: string) => (await screen.findByLabelText(label, undefined, { timeout: 10_000 })) as HTMLInputElement;

/** One transfer of `amount` BTC to farm02, proved with the pay password and `codeLabel`'s code. */
async function transfer(user: ReturnType<typeof userEvent.setup>, amount = '0.25', codeLabel = 'Authenticator code') {
  await user.type(await field('To sub-account'), 'farm02');
  fireEvent.change(await field('Amount'), { target: { value: amount } });
  await user.type(screen.getByLabelText('Pay password'), '123456');
  await user.type(screen.getByLabelText(codeLabel), '654321');
  await user.click(screen.getByRole('button', { name: 'Transfer' }));
}

beforeEach(() => {
  sessionStorage.clear();
});

describe('TransferDialog after an unclear answer', () => {
  it('says the transfer may have gone through, refreshes the wallet, and sends the same transfer from a dialog opened again under the same key', async () => {
    const call = vi
      .spyOn(walletApi, 'transfer')
      .mockRejectedValueOnce(new ApiError({ kind: 'timeout' }))
      .mockResolvedValue(DONE);
    const first = open();
    const invalidate = vi.spyOn(first.client, 'invalidateQueries');
    await transfer(first.user);
    expect(await screen.findByText(UNCLEAR, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['wallet', getSessionEpoch(), 'a1'] });
    expect(first.onClose).not.toHaveBeenCalled();
    first.unmount();

    const second = open();
    await transfer(second.user);
    await waitFor(() => expect(second.onClose).toHaveBeenCalled());
    expect(call.mock.calls[1]![1]).toBe(call.mock.calls[0]![1]);
    second.unmount();

    // That answer was clear: a later identical transfer is a new one.
    const third = open();
    await transfer(third.user);
    await waitFor(() => expect(call).toHaveBeenCalledTimes(3));
    expect(call.mock.calls[2]![1]).not.toBe(call.mock.calls[0]![1]);
  });
});

describe('TransferDialog', () => {
  it('sends nothing while the withdrawal hold lasts, and asks for no code', async () => {
    const call = vi.spyOn(walletApi, 'transfer');
    const held = { ...MINE, withdraw_hold_until: new Date(Date.now() + 3_600_000).toISOString() } as unknown as UserMine;
    open(held);
    expect(await screen.findByText(/^Transfers are on hold until \d{4}-\d\d-\d\d \d\d:\d\d/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByLabelText('Pay password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Transfer' })).toBeNull();
    expect(call).not.toHaveBeenCalled();
  });

  it('puts a refused emailed code under its input', async () => {
    const byEmail = { ...MINE, has_totp: false } as unknown as UserMine;
    vi.spyOn(walletApi, 'transfer').mockRejectedValue(new ApiError({ kind: 'server', status: 400, code: ERRORS.code_invalid.code, msg: 'The verification code is wrong.' }));
    const { user } = open(byEmail);
    await transfer(user, '0.25', 'Email verification code');
    const message = await screen.findByText('The verification code is wrong.', undefined, { timeout: 10_000 });
    expect(message.closest('.ant-form-item')?.textContent).toContain('Email verification code');
  });

  it('does not send an English "1,000" as 1', async () => {
    const call = vi.spyOn(walletApi, 'transfer').mockResolvedValue(DONE);
    const { user } = open();
    await transfer(user, '1,000');
    expect(await screen.findByText('Enter a valid amount.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });
});
