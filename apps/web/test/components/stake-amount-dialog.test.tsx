// The staking and borrowing amount dialog: "Max" fills in the most allowed, an amount finer than
// ALEO's 6 decimals or a missing agreement to the loan terms is refused before anything is sent,
// a sent amount carries one idempotency key per amount (a retry moves nothing twice), and the
// server's refusal of the amount is shown at the amount.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@hashpool/shared';
import { AmountDialog } from '../../src/features/staking/components/AmountDialog';
import { ApiError } from '../../src/shell/api/api-error';
import { renderAt } from './render';

function open(props: { max?: string; terms?: string; onSubmit?: (amount: string, key: string) => Promise<unknown> } = {}) {
  const onSubmit = vi.fn(props.onSubmit ?? (async () => undefined));
  const onClose = vi.fn();
  renderAt('/', { frame: <AmountDialog title="Stake" label="Amount" max={props.max} terms={props.terms} onSubmit={onSubmit} onClose={onClose} /> });
  return { onSubmit, onClose, user: userEvent.setup() };
}

const amountInput = () => screen.getByLabelText('Amount') as HTMLInputElement;
const confirm = () => screen.getByRole('button', { name: 'Confirm' });

describe('AmountDialog (staking and borrowing)', () => {
  it('"Max" fills in the most allowed, which is sent', async () => {
    const { onSubmit, onClose, user } = open({ max: '250.5' });
    expect(await screen.findByText('At most 250.5 ALEO now.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect(amountInput().value).toBe('250.5');
    await user.click(confirm());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('250.5', expect.any(String)));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it.each(['1.1234567', 'abc', '-1'])('refuses %s before sending', async (amount) => {
    const { onSubmit, user } = open();
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: amount } });
    await user.click(confirm());
    expect(await screen.findByText('Enter an amount with at most 6 decimals.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a loan until its terms are agreed to', async () => {
    const { onSubmit, user } = open({ terms: 'I agree to the loan terms' });
    await user.type(await screen.findByLabelText('Amount'), '100');
    await user.click(confirm());
    expect(await screen.findByText('Please agree to the loan terms.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox'));
    await user.click(confirm());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('100', expect.any(String)));
  });

  it("shows the server's refusal at the amount, and a retry of the same amount keeps its key", async () => {
    const refusal = new ApiError({ kind: 'server', status: 400, code: ERRORS.stake_exceeds_max.code, msg: 'The amount exceeds the maximum stakable amount (500 ALEO).' });
    const { onSubmit, onClose, user } = open({ onSubmit: async () => Promise.reject(refusal) });
    await user.type(await screen.findByLabelText('Amount'), '600');
    await user.click(confirm());
    // At the amount, as the field's error, not in a toast.
    const message = await screen.findByText('The amount exceeds the maximum stakable amount (500 ALEO).');
    expect(message.closest('.ant-form-item-explain-error')).not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(confirm());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    const [first, second] = onSubmit.mock.calls;
    expect(first![0]).toBe('600');
    expect(second![1]).toBe(first![1]);
  });
});
