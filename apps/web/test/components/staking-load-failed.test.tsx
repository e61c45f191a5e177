// The stake and borrow pages when their overview fails to load, rendered: the queries do not retry
// by themselves, so the page shows the failure (ui/LoadFailed) with a retry that loads it again,
// not a spinner for ever. The staking calls are replaced; the user is put in the cache; nothing is
// fetched.
import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import BorrowNowPage from '../../src/features/staking/pages/BorrowNowPage';
import StakeNowPage from '../../src/features/staking/pages/StakeNowPage';
import { stakingApi, type BorrowingOverview, type StakingOverview } from '../../src/features/staking/staking.api';
import { ApiError } from '../../src/shell/api/api-error';
import type { UserMine } from '../../src/shell/session/user.api';
import { renderSignedIn } from './render';

const MINE = { id: 'u1', email: 'miner@example.com', phone: null, has_totp: true, has_pay_password: true, timezone: 'UTC', withdraw_hold_until: null, current_account: { id: 'a1', name: 'farm01' } } as unknown as UserMine;
const STAKING: StakingOverview = { coin: 'aleo', min_stake: '10', available_balance: '5', locked_balance: '0', batches: [], stake: null, stake_account: null };
const BORROWING: BorrowingOverview = { coin: 'aleo', available_balance: '5', products: [], loan: null, loan_account: null, history: [] };
const FAILED = new ApiError({ kind: 'server', status: 500, code: 500, msg: 'Internal error' });

async function open(path: string, pattern: string, page: ReactNode) {
  await renderSignedIn(path, [{ path: pattern, element: page }], { mine: MINE });
  return userEvent.setup();
}

const retry = () => screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });

describe('the stake and borrow pages when the overview fails', () => {
  it('shows a failed staking overview with a retry that loads it', async () => {
    const overview = vi.spyOn(stakingApi, 'overview').mockRejectedValueOnce(FAILED).mockResolvedValue(STAKING);
    const user = await open('/asset/aleo/stake-now', '/asset/:type/stake-now', <StakeNowPage />);
    expect(await screen.findByText('The data could not be loaded.', undefined, { timeout: 10_000 })).toBeTruthy();
    await user.click(await retry());
    expect(await screen.findByText('No available stake batches.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(overview).toHaveBeenCalledTimes(2);
  });

  it('shows a failed borrowing overview with a retry that loads it', async () => {
    const borrowing = vi.spyOn(stakingApi, 'borrowing').mockRejectedValueOnce(FAILED).mockResolvedValue(BORROWING);
    const user = await open('/asset/aleo/borrow-now', '/asset/:type/borrow-now', <BorrowNowPage />);
    expect(await screen.findByText('The data could not be loaded.', undefined, { timeout: 10_000 })).toBeTruthy();
    await user.click(await retry());
    expect(await screen.findByText('No loan products are available now.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(borrowing).toHaveBeenCalledTimes(2);
  });
});
