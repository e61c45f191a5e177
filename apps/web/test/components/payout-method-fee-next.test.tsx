// The payout method section when an operator changed a fee today: each method shows the rate
// today's work is charged, and a changed one names its new rate and the UTC day it applies from;
// the switch dialog quotes the rate of the day the switch applies from. The answer is put in the
// cache; nothing is fetched.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findCoin, type CoinInfo } from '@hashpool/shared';
import { PayoutMethodSection } from '../../src/features/earnings/components/PayoutMethodSection';
import { earningsKeys } from '../../src/features/earnings/earnings.queries';
import type { PayMethodItem } from '../../src/features/earnings/earnings.api';
import { renderAt } from './render';

const btc = findCoin('btc') as CoinInfo;
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

const item: PayMethodItem = {
  coin: 'btc',
  method: 'fpps',
  fee_rate: '2.5',
  today_method: 'fpps',
  effective_from: null,
  first_settlement_at: null,
  previous_method: null,
  switched_at: null,
  next_switch_at: null,
  methods: [
    { method: 'pps_plus', fee_rate: '2', next_fee_rate: '1.75', next_fee_from: tomorrow },
    { method: 'fpps', fee_rate: '2.5', next_fee_rate: '3.25', next_fee_from: tomorrow },
    { method: 'pplns', fee_rate: '1', next_fee_rate: null, next_fee_from: null },
    { method: 'solo', fee_rate: '0.5', next_fee_rate: null, next_fee_from: null },
  ],
  market: null,
};

describe('PayoutMethodSection with a fee changed today', () => {
  it('shows today’s rate with the coming one and its day, and the switch quotes the coming one', async () => {
    renderAt('/', { cached: [[earningsKeys.payMethod(0, 'alice', 'btc'), item]], frame: <PayoutMethodSection coin={btc} account="alice" /> });
    const current = await screen.findByTestId('current-method');
    expect(current.textContent).toContain('Fee 2.5%');
    expect(within(current).getByTestId('fee-next').textContent).toBe(`From ${tomorrow} (UTC): 3.25%`);
    const pplns = screen.getByTestId('method-pplns');
    expect(pplns.textContent).toContain('Fee 1%');
    expect(within(pplns).queryByTestId('fee-next')).toBeNull();
    const pps = screen.getByTestId('method-pps_plus');
    expect(within(pps).getByTestId('fee-next').textContent).toBe(`From ${tomorrow} (UTC): 1.75%`);
    // The switch applies from tomorrow (UTC): its dialog names tomorrow's rate, not today's.
    await userEvent.setup().click(within(pps).getByRole('button'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('1.75');
    expect(dialog.textContent).not.toContain('2%');
  });
});
