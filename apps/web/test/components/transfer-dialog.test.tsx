// The transfer dialog's money steps, rendered: an amount above the balance or finer than the coin's
// base unit is refused before anything is sent; a transfer sends the receiver and the amount
// trimmed, with the pay password and the second factor, under one idempotency key per coin,
// receiver and amount (a retry after a failure moves nothing twice); the server's refusals go to
// the field they are about. The wallet calls are replaced; nothing is fetched.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@hashpool/shared';
import TransferDialog from '../../src/features/wallet/dialogs/TransferDialog';
import { walletApi, type BalanceItem, type Transfer } from '../../src/features/wallet/wallet.api';
import { ApiError } from '../../src/shell/api/api-error';
import type { UserMine } from '../../src/shell/session/user.api';
import { getSessionEpoch, writeSession } from '../../src/shell/session/session';
import { userKeys } from '../../src/shell/session/user.queries';
import { renderAt } from './render';

const BALANCE = { coin: 'btc', available: '1.5', frozen: '0', locked: '0', min_withdraw: '0.001', withdraw_fee: '0.0002', max_single_withdraw: '1', withdraw_enabled: true } as unknown as BalanceItem;
const MINE = { id: 'u1', email: 'miner@example.com', phone: null, has_totp: true, has_pay_password: true, timezone: 'UTC', current_account: { id: 'a1', name: 'farm01' } } as unknown as UserMine;
const DONE = { coin: 'btc', amount: '0.25', to_account: 'farm02' } as unknown as Transfer;

function open() {
  writeSession({ token: 'access-token', refreshToken: 'refresh-token', expiry: Date.now() + 3_600_000, issuedAt: Date.now() }, 'login');
  const onClose = vi.fn();
  renderAt('/user/wallet', { cached: [[userKeys.mine(getSessionEpoch()), MINE]], frame: <TransferDialog mine={MINE} balance={BALANCE} onClose={onClose} /> });
  return { onClose, user: userEvent.setup() };
}

const field = async (label: string) => (await screen.findByLabelText(label, undefined, { timeout: 10_000 })) as HTMLInputElement;

async function fill(user: ReturnType<typeof userEvent.setup>, to: string, amount: string) {
  await user.type(await field('To sub-account'), to);
  fireEvent.change(await field('Amount'), { target: { value: amount } });
  await user.type(screen.getByLabelText('Pay password'), '123456');
  await user.type(screen.getByLabelText('Authenticator code'), '654321');
}

describe('TransferDialog', () => {
  it('refuses more than the balance, and more decimals than the satoshi, without sending', async () => {
    const transfer = vi.spyOn(walletApi, 'transfer');
    const { user } = open();
    await fill(user, 'farm02', '1.50000001');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('That is more than the available 1.500000.')).toBeTruthy();
    fireEvent.change(await field('Amount'), { target: { value: '0.000000001' } });
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Use at most 8 decimals.')).toBeTruthy();
    expect(transfer).not.toHaveBeenCalled();
  });

  it('sends the receiver and the whole balance with the proofs, and says where it went', async () => {
    const transfer = vi.spyOn(walletApi, 'transfer').mockResolvedValue({ ...DONE, amount: '1.5' });
    const { user, onClose } = open();
    await fill(user, '  farm02 ', '1.5');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(transfer).toHaveBeenCalledTimes(1));
    const [body, key] = transfer.mock.calls[0]!;
    expect(body).toEqual({ coin: 'btc', to_account: 'farm02', amount: '1.5', pay_password: '123456', verification: { totp_code: '654321' } });
    expect(key).toEqual(expect.any(String));
    expect(await screen.findByText(/BTC transferred to farm02\./, undefined, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("puts the server's refusal at its field and retries the same transfer under the same key", async () => {
    const toSelf = new ApiError({ kind: 'server', status: 400, code: ERRORS.transfer_to_self.code, msg: 'You cannot transfer to the same sub-account.' });
    const short = new ApiError({ kind: 'server', status: 400, code: ERRORS.insufficient_balance.code, msg: 'Insufficient balance.' });
    const transfer = vi.spyOn(walletApi, 'transfer').mockRejectedValueOnce(toSelf).mockRejectedValueOnce(short).mockRejectedValueOnce(short).mockResolvedValue(DONE);
    const { user } = open();
    await fill(user, 'farm01', '0.25');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    const self = await screen.findByText('You cannot transfer to the same sub-account.');
    expect(self.closest('.ant-form-item')?.textContent).toContain('To sub-account');

    const to = await field('To sub-account');
    await user.clear(to);
    await user.type(to, 'farm02');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    const balance = await screen.findByText('Insufficient balance.');
    expect(balance.closest('.ant-form-item')?.textContent).toContain('Amount');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(transfer).toHaveBeenCalledTimes(3));
    // Another receiver is another transfer (a new key); the same one again is a retry (the same key).
    const keys = transfer.mock.calls.map(([, key]) => key);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });
});
