// The assets page when the current sub-account changes under an open dialog (switched in another
// tab: the server acts on the current one), rendered: the dialog opened for the old sub-account
// closes instead of showing its data and acting on the new one. The wallet calls are replaced;
// nothing is fetched.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import AssetPage from '../../src/features/wallet/pages/AssetPage';
import { walletApi, type BalanceItem, type WithdrawAddress } from '../../src/features/wallet/wallet.api';
import type { UserMine } from '../../src/shell/session/user.api';
import { getSessionEpoch, writeSession } from '../../src/shell/session/session';
import { userKeys } from '../../src/shell/session/user.queries';
import { renderAt } from './render';

const ADDRESS: WithdrawAddress = { id: '5d0f1c9e-2a4b-4c6d-8e0f-1a2b3c4d5e6f', coin: 'btc', alias: 'Cold wallet', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', public_key: null, chain: null, created_at: '2026-01-01T00:00:00Z' };
const BALANCE = { coin: 'btc', available: '1.5', frozen: '0', locked: '0', min_withdraw: '0.001', withdraw_fee: '0.0002', max_single_withdraw: '1', withdraw_enabled: true, deposit_enabled: true } as unknown as BalanceItem;
const MINE = { id: 'u1', email: 'miner@example.com', phone: null, has_totp: true, has_pay_password: true, is_demo: false, timezone: 'UTC', withdraw_hold_until: null, current_account: { id: 'a1', name: 'farm01' } } as unknown as UserMine;

describe('AssetPage', () => {
  it('closes an open dialog when the current sub-account changes', async () => {
    vi.spyOn(walletApi, 'balances').mockResolvedValue({ list: [BALANCE] } as never);
    vi.spyOn(walletApi, 'addresses').mockResolvedValue([ADDRESS]);
    writeSession({ token: 'access-token', refreshToken: 'refresh-token', expiry: Date.now() + 3_600_000, issuedAt: Date.now() }, 'login');
    const { client } = renderAt('/asset/index', { cached: [[userKeys.mine(getSessionEpoch()), MINE]], frame: <AssetPage /> });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Withdraw BTC' }, { timeout: 10_000 }));
    expect(await screen.findByText('Withdraw BTC', undefined, { timeout: 10_000 })).toBeTruthy();

    // Another tab switched the sub-account; the user's record says so.
    act(() => client.setQueryData(userKeys.mine(getSessionEpoch()), { ...MINE, current_account: { id: 'a2', name: 'farm02' } }));
    await waitFor(() => expect(screen.queryByText('Withdraw BTC')).toBeNull());
    // Switching back does not bring the old dialog back.
    act(() => client.setQueryData(userKeys.mine(getSessionEpoch()), MINE));
    expect(await screen.findByRole('button', { name: 'Withdraw BTC' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Withdraw BTC')).toBeNull();
  });
});
