// The operators' held blocks, rendered: each block with what the node said; voiding one needs a
// reason, sends it trimmed, and on "not held any more" (it checked out, or another operator voided
// it) asks for the list again. The earnings calls are replaced; nothing is fetched.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@hashpool/shared';
import { HeldBlocksAdmin } from '../../src/features/earnings/components/admin/HeldBlocksAdmin';
import { earningsApi, type HeldBlockList } from '../../src/features/earnings/earnings.api';
import { ApiError } from '../../src/shell/api/api-error';
import { renderAt } from './render';

const HELD: HeldBlockList = {
  list: [
    {
      id: 42,
      coin: 'ltc',
      height: 2876543,
      hash: 'f8'.repeat(32),
      reward: '6.25',
      found_at: '2026-12-01T21:39:15.000Z',
      holds: [{ reason: 'amount_differs', detail: 'its coinbase pays the wallet 6.2, the block says 6.25', since: '2026-12-01T22:39:00.000Z', last_seen: '2026-12-01T22:54:00.000Z' }],
    },
  ],
};

function open() {
  const list = vi.spyOn(earningsApi, 'heldBlocks').mockResolvedValue(HELD);
  renderAt('/admin/held-blocks', { frame: <HeldBlocksAdmin timezone="UTC" /> });
  return { list, user: userEvent.setup() };
}

describe('HeldBlocksAdmin', () => {
  it('lists each held block with the reason in words and the node\'s own detail', async () => {
    open();
    const row = (await screen.findByText('LTC 2876543', undefined, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText('The coinbase pays another amount')).toBeTruthy();
    expect(row.textContent).toContain('its coinbase pays the wallet 6.2, the block says 6.25');
    expect(row.textContent).toContain('first 2026-12-01 22:39, last 2026-12-01 22:54');
  });

  it('voids only with a reason, sends it trimmed, and refreshes the list', async () => {
    const voided = vi.spyOn(earningsApi, 'voidHeldBlock').mockResolvedValue(null);
    const { list, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Void block 2876543 of LTC' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Void block' }));
    expect(await within(dialog).findByText(/reason/i, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(voided).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox'), '  another pool\'s block  ');
    await user.click(within(dialog).getByRole('button', { name: 'Void block' }));
    await waitFor(() => expect(voided).toHaveBeenCalledWith(42, 'another pool\'s block'));
    expect(await screen.findByText('Block voided')).toBeTruthy();
    await waitFor(() => expect(list.mock.calls.length).toBeGreaterThanOrEqual(2));
  });

  it('on "not held any more" shows why and asks for the list again', async () => {
    const gone = new ApiError({ kind: 'server', status: 409, code: ERRORS.block_not_held.code, msg: 'This block is not held any more.' });
    vi.spyOn(earningsApi, 'voidHeldBlock').mockRejectedValue(gone);
    const { list, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Void block 2876543 of LTC' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'raced');
    await user.click(within(dialog).getByRole('button', { name: 'Void block' }));
    expect(await screen.findByText('This block is not held any more.')).toBeTruthy();
    await waitFor(() => expect(list.mock.calls.length).toBeGreaterThanOrEqual(2));
  });
});
