// The stake and borrow pages when their overview fails to load, rendered: the queries do not retry
// by themselves, so the page shows the failure (ui/LoadFailed) with a retry that loads it again,
// not a spinner for ever. The staking calls are replaced; the user is put in the cache; nothing is
// fetched.
import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import BorrowNowPage from '../../src/features/staking/pages/BorrowNowPage';
import StakeNowPage from '../../src/features/staking/pages/StakeNowPage';
import { stakingApi, type BorrowingOverview, type StakingOverview } from '../../src/features/staking/staking.api';
import { ApiError } from '../../src/shell/api/api-error';
import { FeedbackProvider } from '../../src/shell/feedback/feedback';
import type { UserMine } from '../../src/shell/session/user.api';
import { getSessionEpoch, writeSession } from '../../src/shell/session/session';
import { userKeys } from '../../src/shell/session/user.queries';

const MINE = { id: 'u1', email: 'miner@example.com', phone: null, has_totp: true, has_pay_password: true, timezone: 'UTC', withdraw_hold_until: null, current_account: { id: 'a1', name: 'farm01' } } as unknown as UserMine;
const STAKING: StakingOverview = { coin: 'aleo', min_stake: '10', available_balance: '5', locked_balance: '0', batches: [], stake: null, stake_account: null };
const BORROWING: BorrowingOverview = { coin: 'aleo', available_balance: '5', products: [], loan: null, loan_account: null, history: [] };
const FAILED = new ApiError({ kind: 'server', status: 500, code: 500, msg: 'Internal error' });

async function open(path: string, pattern: string, page: ReactNode) {
  writeSession({ token: 'access-token', refreshToken: 'refresh-token', expiry: Date.now() + 3_600_000, issuedAt: Date.now() }, 'login');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  client.setQueryData(userKeys.mine(getSessionEpoch()), MINE);
  const router = createMemoryRouter([{ path: pattern, element: page }], { initialEntries: [path] });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <FeedbackProvider>
          <RouterProvider router={router} />
        </FeedbackProvider>
      </QueryClientProvider>,
    );
  });
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
