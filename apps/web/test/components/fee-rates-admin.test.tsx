// The operators' fee table, rendered: a rate set today names the UTC day it applies from and the
// rate today's work is still charged; a rate in force shows alone. The earnings call is replaced.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FeeRatesAdmin } from '../../src/features/earnings/components/admin/FeeRatesAdmin';
import { earningsApi } from '../../src/features/earnings/earnings.api';
import { renderAt } from './render';

describe('FeeRatesAdmin', () => {
  it('shows a rate set today with its first day and today’s rate', async () => {
    vi.spyOn(earningsApi, 'feeRates').mockResolvedValue({
      list: [
        { coin: 'btc', method: 'fpps', fee_rate: '3.25', from: '2026-12-05', today_fee_rate: '2.5', updated_at: '2026-12-04T23:34:00.000Z', updated_by: 'ops@example.com' },
        { coin: 'btc', method: 'pplns', fee_rate: '1', from: null, today_fee_rate: null, updated_at: '2026-12-01T00:00:00.000Z', updated_by: null },
      ],
    });
    renderAt('/admin/fees', { frame: <FeeRatesAdmin timezone="UTC" /> });
    const fpps = (await screen.findByText('FPPS', undefined, { timeout: 10_000 })).closest('tr')!;
    expect(within(fpps).getByTestId('fee-from').textContent).toBe('from 2026-12-05 (UTC); today 2.5%');
    expect(fpps.textContent).toContain('3.25%');
    const pplns = screen.getByText('PPLNS').closest('tr')!;
    expect(within(pplns).queryByTestId('fee-from')).toBeNull();
    expect(pplns.textContent).toContain('1%');
  });
});
