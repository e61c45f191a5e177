// The withdraw dialog's money steps, rendered: the amount is checked against the balance before
// the server is asked; the server's quote (fee, what arrives, the parts of a large amount) is shown
// before anything is confirmed, and its refusal of the amount goes next to the amount; the
// withdrawal is sent with the quoted amount, the pay password and the second factor, under one
// idempotency key per coin, address and amount. The wallet calls are replaced; nothing is fetched.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@hashpool/shared';
import WithdrawDialog from '../../src/features/wallet/dialogs/WithdrawDialog';
import { walletApi, type BalanceItem, type WithdrawAddress, type WithdrawQuote } from '../../src/features/wallet/wallet.api';
import { ApiError } from '../../src/shell/api/api-error';
import type { UserMine } from '../../src/shell/session/user.api';
import { getSessionEpoch, writeSession } from '../../src/shell/session/session';
import { userKeys } from '../../src/shell/session/user.queries';
import { renderAt } from './render';

const ADDRESS: WithdrawAddress = { id: '5d0f1c9e-2a4b-4c6d-8e0f-1a2b3c4d5e6f', coin: 'btc', alias: 'Cold wallet', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', public_key: null, chain: null, created_at: '2026-01-01T00:00:00Z' };
const BALANCE = { coin: 'btc', available: '1.5', frozen: '0', locked: '0', min_withdraw: '0.001', withdraw_fee: '0.0002', max_single_withdraw: '1', withdraw_enabled: true } as unknown as BalanceItem;
const MINE = { id: 'u1', email: 'miner@example.com', phone: null, has_totp: true, has_pay_password: true, timezone: 'UTC', current_account: { id: 'a1', name: 'farm01' } } as unknown as UserMine;
const QUOTE: WithdrawQuote = { coin: 'btc', amount: '1.2', fee: '0.0004', receive: '1.1996', parts: [{ amount: '0.6', fee: '0.0002' }, { amount: '0.6', fee: '0.0002' }], needs_review: false, hold_until: null };

function open() {
  writeSession({ token: 'access-token', refreshToken: 'refresh-token', expiry: Date.now() + 3_600_000, issuedAt: Date.now() }, 'login');
  const onClose = vi.fn();
  renderAt('/user/wallet', { cached: [[userKeys.mine(getSessionEpoch()), MINE]], frame: <WithdrawDialog mine={MINE} balance={BALANCE} onClose={onClose} /> });
  return { onClose, user: userEvent.setup() };
}

const amount = async () => (await screen.findByLabelText('Amount', undefined, { timeout: 10_000 })) as HTMLInputElement;

beforeEach(() => {
  vi.spyOn(walletApi, 'addresses').mockResolvedValue([ADDRESS]);
});

describe('WithdrawDialog', () => {
  it('refuses more than the balance without asking for a quote', async () => {
    const quote = vi.spyOn(walletApi, 'quote');
    const { user } = open();
    fireEvent.change(await amount(), { target: { value: '2' } });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('That is more than the available 1.500000.')).toBeTruthy();
    expect(quote).not.toHaveBeenCalled();
  });

  it("shows the server's quote, parts included, then sends the quoted amount with the proofs", async () => {
    const quote = vi.spyOn(walletApi, 'quote').mockResolvedValue(QUOTE);
    const withdraw = vi.spyOn(walletApi, 'withdraw').mockResolvedValue({ request_id: 'r1', parts: [] } as never);
    const { user, onClose } = open();
    await user.type(await amount(), '1.2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByTestId('withdraw-summary');
    expect(quote).toHaveBeenCalledWith('btc', '1.2');
    expect(summary.textContent).toContain('Cold wallet');
    expect(summary.textContent).toContain('1.199600');
    expect(screen.getByText('Sent in 2 parts, each within the single-withdrawal maximum:')).toBeTruthy();

    await user.type(screen.getByLabelText('Pay password'), '123456');
    await user.type(screen.getByLabelText('Authenticator code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    await waitFor(() => expect(withdraw).toHaveBeenCalledTimes(1));
    const [body, key] = withdraw.mock.calls[0]!;
    expect(body).toEqual({ coin: 'btc', address_id: ADDRESS.id, amount: '1.2', pay_password: '123456', verification: { totp_code: '654321' } });
    expect(key).toEqual(expect.any(String));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("puts the server's refusal of the amount next to it and stays on the first step", async () => {
    const refusal = new ApiError({ kind: 'server', status: 400, code: ERRORS.withdraw_below_minimum.code, msg: 'The minimum withdrawal is 0.01 BTC.' });
    vi.spyOn(walletApi, 'quote').mockRejectedValue(refusal);
    const { user } = open();
    await user.type(await amount(), '0.005');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // At the amount, as the field's error, not in a toast.
    const message = await screen.findByText('The minimum withdrawal is 0.01 BTC.');
    expect(message.closest('.ant-form-item-explain-error')).not.toBeNull();
    expect(screen.queryByTestId('withdraw-summary')).toBeNull();
  });
});
