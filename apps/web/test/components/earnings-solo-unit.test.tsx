// The profit page's two panels over the seed's calls: the blocks the sub-account's own workers
// found (shown under SOLO, or once it found any; away otherwise) and each payout method's earnings
// per unit of hashrate per day. The answers are put in the cache; nothing is fetched.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findCoin, type CoinInfo } from '@hashpool/shared';
import { SoloBlocks } from '../../src/features/earnings/components/SoloBlocks';
import { UnitEarnings } from '../../src/features/earnings/components/UnitEarnings';
import { earningsKeys } from '../../src/features/earnings/earnings.queries';
import type { PayMethodItem, SoloBlockPage, UnitProfitList } from '../../src/features/earnings/earnings.api';
import { renderAt } from './render';

const btc = findCoin('btc') as CoinInfo;

function method(chosen: PayMethodItem['method'], today: PayMethodItem['method'] = chosen): PayMethodItem {
  return { coin: 'btc', method: chosen, today_method: today } as PayMethodItem;
}

const block: SoloBlockPage['list'][number] = {
  height: 840123,
  hash: 'a'.repeat(64),
  reward: '3.125',
  finder: 'alice',
  time: '2026-05-01T10:00:00.000Z',
  confirmations: 57,
  maturity: 100,
  status: 'pending',
  effort: 1.2,
};

function solo(item: PayMethodItem, page: SoloBlockPage) {
  return renderAt('/', {
    cached: [
      [earningsKeys.payMethod(0, 'alice', 'btc'), item],
      [earningsKeys.soloBlocks(0, 'alice', 'btc', 1), page],
    ],
    frame: <SoloBlocks coin={btc} account="alice" />,
  });
}

describe('SoloBlocks', () => {
  it('lists the blocks found, with reward, confirmations and status', async () => {
    solo(method('solo'), { list: [block], total: 1 });
    const panel = await screen.findByTestId('solo-blocks');
    expect(within(panel).getByText('Blocks you found')).toBeTruthy();
    expect(within(panel).getByText('840123')).toBeTruthy();
    expect(panel.textContent).toContain('3.125');
    expect(within(panel).getByText('57 / 100')).toBeTruthy();
  });

  it('says so under SOLO before the first block', async () => {
    solo(method('fpps', 'solo'), { list: [], total: 0 });
    expect((await screen.findByTestId('solo-blocks-empty')).textContent).toContain('None of your workers has found a block yet');
  });

  it('stays away under a pooled method with no block found', async () => {
    solo(method('fpps'), { list: [], total: 0 });
    await screen.findByTestId('location');
    expect(screen.queryByTestId('solo-blocks')).toBeNull();
  });

  it('still lists what SOLO found after a switch away', async () => {
    solo(method('pplns'), { list: [block], total: 1 });
    expect(await screen.findByText('840123')).toBeTruthy();
  });
});

describe('UnitEarnings', () => {
  it('compares the methods per unit hashrate, newest day first', async () => {
    const data: UnitProfitList = {
      unit: 'TH/s',
      unit_hashrate: 1e12,
      list: [
        { day: '2026-05-01', methods: [{ method: 'fpps', amount: '0.00000100' }, { method: 'solo', amount: '0.00000090' }] },
        { day: '2026-05-02', methods: [{ method: 'fpps', amount: '0.00000110' }] },
      ],
    };
    renderAt('/', { cached: [[earningsKeys.unitHashrates(0, 'alice', 'btc', 30), data]], frame: <UnitEarnings coin={btc} account="alice" /> });
    const panel = await screen.findByTestId('unit-earnings');
    expect(within(panel).getAllByText('Earnings per 1 TH/s by payout method').length).toBeGreaterThan(0);
    const rows = within(panel).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('2026-05-02');
    expect(rows[2]?.textContent).toContain('2026-05-01');
    expect(within(panel).getByText('FPPS')).toBeTruthy();
    // Far below BTC's display precision, and still readable.
    expect(rows[2]?.textContent).toContain('0.00000090 BTC');
  });

  it('says when there is no settled day to compare', async () => {
    renderAt('/', { cached: [[earningsKeys.unitHashrates(0, 'alice', 'btc', 30), { unit: 'TH/s', unit_hashrate: 1e12, list: [] }]], frame: <UnitEarnings coin={btc} account="alice" /> });
    expect(await screen.findByText('No settled days yet to compare.')).toBeTruthy();
  });
});
