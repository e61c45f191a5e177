// The claim of a flexible stake's reward, rendered: a retry after a failure sends the same
// idempotency key (a lost answer pays nothing twice), but a claim after a paid one is another
// submission with a new key, even when the next day's unclaimed reward reads the same (the server
// would otherwise answer the old claim and pay nothing). The staking calls are replaced; the user
// and the overview are put in the cache; nothing is fetched.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { walletKeys } from '../../src/features/wallet';
import StakeNowPage from '../../src/features/staking/pages/StakeNowPage';
import { stakingApi, type Stake, type StakingOverview } from '../../src/features/staking/staking.api';
import { ApiError } from '../../src/shell/api/api-error';
import type { UserMine } from '../../src/shell/session/user.api';
import { renderSignedIn } from './render';

const MINE = { id: 'u1', email: 'miner@example.com', phone: null, has_totp: true, has_pay_password: true, timezone: 'UTC', withdraw_hold_until: null, current_account: { id: 'a1', name: 'farm01' } } as unknown as UserMine;
const BATCH = { id: 'b1', code: 'FLEX-1', coin: 'aleo', start_day: '2026-11-01', end_day: '2027-11-01', annual_rate: '0.12', fee_rate: '0.1', status: 'active', duration_type: 'flexible', stake_type: 'adjustable', max_amount: '100000', available_amount: '50000', daily_rate: '0.0003', demo: false } as const;
const stakeOn = (day: string, claimed: string): Stake => ({
  id: 's1',
  batch: BATCH,
  status: 'active',
  amount: '1000',
  borrowed: '0',
  unclaimed_reward: '0.3',
  claimable_reward: '0.3',
  claimed_reward: claimed,
  forfeited_reward: '0',
  accrued_through: day,
  created_at: '2026-11-20T10:00:00.000Z',
  unstake_from: '2026-11-21T00:00:00.000Z',
  ended_at: null,
});
const overview = (stake: Stake): StakingOverview => ({ coin: 'aleo', min_stake: '10', available_balance: '5', locked_balance: '1000', batches: [BATCH], stake, stake_account: null });

async function open(first: Stake) {
  await renderSignedIn('/asset/aleo/stake-now', [{ path: '/asset/:type/stake-now', element: <StakeNowPage /> }], {
    mine: MINE,
    cached: (epoch) => [[[...walletKeys.account(epoch, 'a1'), 'staking'], overview(first)]],
  });
  return userEvent.setup();
}

const claimButton = () => screen.findByRole('button', { name: 'Claim reward' }, { timeout: 10_000 });

describe('claiming a stake reward', () => {
  it('sends a new key for the next day\'s claim of the same amount', async () => {
    const day1 = stakeOn('2026-12-01', '0');
    const day2 = stakeOn('2026-12-02', '0.3');
    // After the first claim the overview is the next day's: the same 0.3 unclaimed, the first 0.3 claimed.
    vi.spyOn(stakingApi, 'overview').mockResolvedValue(overview(day2));
    const claim = vi.spyOn(stakingApi, 'claim').mockResolvedValue({ paid: '0.3', stake: day1 });
    const user = await open(day1);
    await user.click(await claimButton());
    await waitFor(() => expect(claim).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByText('2026-12-02')).toBeTruthy(), { timeout: 10_000 });
    await user.click(await claimButton());
    await waitFor(() => expect(claim).toHaveBeenCalledTimes(2));
    expect(claim.mock.calls[1]![0]).not.toBe(claim.mock.calls[0]![0]);
  });

  it('sends a new key for a claim after a paid one, even before the overview has changed', async () => {
    const day1 = stakeOn('2026-12-01', '0');
    vi.spyOn(stakingApi, 'overview').mockResolvedValue(overview(day1));
    const claim = vi.spyOn(stakingApi, 'claim').mockResolvedValue({ paid: '0.3', stake: day1 });
    const user = await open(day1);
    await user.click(await claimButton());
    await waitFor(() => expect(claim).toHaveBeenCalledTimes(1));
    await waitFor(async () => expect((await claimButton()).className).not.toMatch(/loading/));
    await user.click(await claimButton());
    await waitFor(() => expect(claim).toHaveBeenCalledTimes(2));
    expect(claim.mock.calls[1]![0]).not.toBe(claim.mock.calls[0]![0]);
  });

  it('keeps the key for a retry after a failed claim', async () => {
    const day1 = stakeOn('2026-12-01', '0');
    vi.spyOn(stakingApi, 'overview').mockResolvedValue(overview(day1));
    const lost = new ApiError({ kind: 'network', status: 0, code: 0, msg: 'Network Error' });
    const claim = vi.spyOn(stakingApi, 'claim').mockRejectedValueOnce(lost).mockResolvedValue({ paid: '0.3', stake: day1 });
    const user = await open(day1);
    await user.click(await claimButton());
    await waitFor(() => expect(claim).toHaveBeenCalledTimes(1));
    await waitFor(async () => expect((await claimButton()).className).not.toMatch(/loading/));
    await user.click(await claimButton());
    await waitFor(() => expect(claim).toHaveBeenCalledTimes(2));
    expect(claim.mock.calls[1]![0]).toBe(claim.mock.calls[0]![0]);
  });
});
