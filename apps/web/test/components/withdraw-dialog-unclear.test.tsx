// The withdraw dialog when things go wrong, rendered: a withdrawal whose answer is lost (a
// time-out, a 5xx) may have gone through, so the user is told so, the wallet is refreshed, and its
// idempotency key outlives the dialog: the same withdrawal sent from a dialog opened again is a
// retry the server answers with the first result, not a second withdrawal. A clear answer
// forgets the key, so a later identical withdrawal is a new one. Also: a failed address list shows
// the failure with a retry (not a spinner for ever), and a decimal comma is read as the point.
// The wallet calls are replaced; nothing is fetched.
import { screen, waitFor } from '@testing-library/react';
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
const MINE = { id: 'u1', email: 'miner@example.com', phone: null, has_totp: true, has_pay_password: true, timezone: 'UTC', withdraw_hold_until: null, current_account: { id: 'a1', name: 'farm01' } } as unknown as UserMine;
const QUOTE: WithdrawQuote = { coin: 'btc', amount: '1.2', fee: '0.0002', receive: '1.1998', parts: [{ amount: '1.2', fee: '0.0002' }], needs_review: false, hold_until: null };
const RESULT = { request_id: 'r1', parts: [] } as never;
const UNCLEAR = 'No clear answer came back, so the withdrawal may have gone through. Check the withdrawal list before trying again.';

function open(mine = MINE) {
  writeSession({ token: 'access-token', refreshToken: 'refresh-token', expiry: Date.now() + 3_600_000, issuedAt: Date.now() }, 'login');
  const onClose = vi.fn();
  const rendered = renderAt('/user/wallet', { cached: [[userKeys.mine(getSessionEpoch()), mine]], frame: <WithdrawDialog mine={mine} balance={BALANCE} onClose={onClose} /> });
  return { ...rendered, onClose, user: userEvent.setup() };
}

const amount = async () => (await screen.findByLabelText('Amount', undefined, { timeout: 10_000 })) as HTMLInputElement;

/** Both steps of one withdrawal of `value` BTC to ADDRESS. */
async function withdraw(user: ReturnType<typeof userEvent.setup>, value = '1.2') {
  await user.type(await amount(), value);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByTestId('withdraw-summary');
  await user.type(screen.getByLabelText('Pay password'), '123456');
  await user.type(screen.getByLabelText('Authenticator code'), '654321');
  await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
}

beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(walletApi, 'addresses').mockResolvedValue([ADDRESS]);
  vi.spyOn(walletApi, 'quote').mockResolvedValue(QUOTE);
});

describe('WithdrawDialog after an unclear answer', () => {
  it('says the withdrawal may have gone through, refreshes the wallet, and sends the same withdrawal from a dialog opened again under the same key', async () => {
    const call = vi
      .spyOn(walletApi, 'withdraw')
      .mockRejectedValueOnce(new ApiError({ kind: 'timeout' }))
      .mockResolvedValue(RESULT);
    const first = open();
    const invalidate = vi.spyOn(first.client, 'invalidateQueries');
    await withdraw(first.user);
    expect(await screen.findByText(UNCLEAR)).toBeTruthy();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['wallet', getSessionEpoch(), 'a1'] });
    expect(first.onClose).not.toHaveBeenCalled();
    first.unmount();

    // The dialog closed and opened again, the same address and amount: the first key.
    const second = open();
    await withdraw(second.user);
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(second.onClose).toHaveBeenCalled());
    const [, firstKey] = call.mock.calls[0]!;
    const [, secondKey] = call.mock.calls[1]!;
    expect(secondKey).toBe(firstKey);
    second.unmount();

    // That answer was clear: a later identical withdrawal is a new one.
    const third = open();
    await withdraw(third.user);
    await waitFor(() => expect(call).toHaveBeenCalledTimes(3));
    expect(call.mock.calls[2]![1]).not.toBe(firstKey);
  });

  it('keeps the key after a 5xx, forgets it after a refusal, and shows the refusal at its input', async () => {
    const wrongCode = new ApiError({ kind: 'server', status: 400, code: ERRORS.totp_invalid.code, msg: 'The authenticator code is wrong.' });
    const call = vi
      .spyOn(walletApi, 'withdraw')
      .mockRejectedValueOnce(new ApiError({ kind: 'http', status: 502 }))
      .mockRejectedValueOnce(wrongCode)
      .mockResolvedValue(RESULT);
    const first = open();
    await withdraw(first.user);
    expect(await screen.findByText(UNCLEAR)).toBeTruthy();
    first.unmount();

    const second = open();
    await withdraw(second.user);
    const message = await screen.findByText('The authenticator code is wrong.');
    expect(message.closest('.ant-form-item')?.textContent).toContain('Authenticator code');
    expect(call.mock.calls[1]![1]).toBe(call.mock.calls[0]![1]);
    second.unmount();

    const third = open();
    await withdraw(third.user);
    await waitFor(() => expect(call).toHaveBeenCalledTimes(3));
    expect(call.mock.calls[2]![1]).not.toBe(call.mock.calls[0]![1]);
  });

  it('does not reuse the key of another sub-account', async () => {
    const call = vi
      .spyOn(walletApi, 'withdraw')
      .mockRejectedValueOnce(new ApiError({ kind: 'network' }))
      .mockResolvedValue(RESULT);
    const first = open();
    await withdraw(first.user);
    expect(await screen.findByText(UNCLEAR)).toBeTruthy();
    first.unmount();

    const other = { ...MINE, current_account: { id: 'a2', name: 'farm02' } } as unknown as UserMine;
    const second = open(other);
    await withdraw(second.user);
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2));
    expect(call.mock.calls[1]![1]).not.toBe(call.mock.calls[0]![1]);
  });
});

describe('WithdrawDialog inputs and loading', () => {
  it('shows a failed address list with a retry that loads it', async () => {
    const addresses = vi.spyOn(walletApi, 'addresses').mockRejectedValueOnce(new ApiError({ kind: 'server', status: 500, code: 500, msg: 'Internal error' })).mockResolvedValue([ADDRESS]);
    const { user } = open();
    expect(await screen.findByText('The data could not be loaded.', undefined, { timeout: 10_000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await amount()).toBeTruthy();
    expect(addresses).toHaveBeenCalledTimes(2);
  });

  it('refuses a comma in English, where it groups thousands ("1,000" is not sent as 1)', async () => {
    const quote = vi.spyOn(walletApi, 'quote').mockResolvedValue(QUOTE);
    const { user } = open();
    await user.type(await amount(), '1,000');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Enter a valid amount.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(quote).not.toHaveBeenCalled();
  });

  it('says so when the server answers with an earlier withdrawal of the same key (nothing new sent)', async () => {
    vi.spyOn(walletApi, 'withdraw').mockResolvedValue({ request_id: 'r1', parts: [], replayed: true } as never);
    const { user, onClose } = open();
    await withdraw(user);
    expect(await screen.findByText('This withdrawal had already been made: nothing new was sent. It is in your withdrawal list.', undefined, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
