// The amount input of withdrawals and transfers, rendered: "All" fills in the whole balance to the
// base unit (not the display precision), and a wrong amount is refused next to the input, in the
// user's words, before anything is sent.
import { Button, Form } from 'antd';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AmountField } from '../../src/features/wallet/components/AmountField';
import type { AmountLimits } from '../../src/features/wallet/lib/amounts';

function AmountForm({ limits, onFinish }: { limits: AmountLimits; onFinish: (values: { amount: string }) => void }) {
  const [form] = Form.useForm<{ amount: string }>();
  return (
    <Form form={form} onFinish={onFinish}>
      <AmountField form={form} limits={limits} />
      <Button htmlType="submit">Send</Button>
    </Form>
  );
}

const BTC: AmountLimits = { coin: 'btc', available: '0.12345678', minimum: '0.001' };

function setup(limits = BTC) {
  const onFinish = vi.fn();
  render(<AmountForm limits={limits} onFinish={onFinish} />);
  return { onFinish, input: screen.getByRole('textbox'), user: userEvent.setup() };
}

describe('AmountField', () => {
  it('"All" fills in the whole available balance, to the satoshi', async () => {
    const { input, user, onFinish } = setup();
    // Shown with the display precision (6 decimals for BTC), taken whole.
    expect(screen.getByText('Available: 0.123456 BTC')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect((input as HTMLInputElement).value).toBe('0.12345678');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ amount: '0.12345678' }));
  });

  it('"All" is disabled with nothing available', () => {
    setup({ ...BTC, available: '0' });
    expect(screen.getByRole('button', { name: 'All' }).hasAttribute('disabled')).toBe(true);
  });

  it.each([
    ['abc', 'Enter a valid amount.'],
    ['0', 'Enter a valid amount.'],
    ['0.000000001', 'Use at most 8 decimals.'],
    ['0.0001', 'The minimum is 0.001000.'],
    ['0.2', 'That is more than the available 0.123456.'],
  ])('refuses %s next to the input and sends nothing', async (amount, message) => {
    const { input, user, onFinish } = setup();
    fireEvent.change(input, { target: { value: amount } });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('sends an amount within the limits as typed', async () => {
    const { input, user, onFinish } = setup();
    await user.type(input, '0.05');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ amount: '0.05' }));
  });
});
