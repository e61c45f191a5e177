import { describe, expect, it } from 'vitest';
import { contractsTick } from './contracts.jobs';
import type { OrdersService } from './orders.service';
import type { ProfitsService } from './profits.service';

describe('contractsTick', () => {
  it('runs every step when one fails, then reports the failure', async () => {
    const ran: string[] = [];
    const orders = {
      scanPayments: async () => {
        ran.push('payments');
        throw new Error('USDT node answered garbage');
      },
      cancelExpired: async () => (ran.push('expiries'), 2),
    } as unknown as OrdersService;
    const profits = { settle: async () => (ran.push('profits'), 3) } as unknown as ProfitsService;
    await expect(contractsTick({ orders, profits })).rejects.toMatchObject({ message: 'USDT node answered garbage', step: 'payments' });
    expect(ran).toEqual(['payments', 'expiries', 'profits']);
  });

  it('answers what each step did', async () => {
    const orders = { scanPayments: async () => 1, cancelExpired: async () => 2 } as unknown as OrdersService;
    const profits = { settle: async () => 3 } as unknown as ProfitsService;
    expect(await contractsTick({ orders, profits })).toEqual({ confirmed: 1, cancelled: 2, settled: 3 });
  });
});
