// The mining calculator's coin price, rendered: a price typed in replaces the market's in the
// estimate, and clearing it brings the market price back. The market figures and the rates are put
// in the cache; nothing is fetched.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CoinMarketItem } from '../../src/features/catalogue/catalogue.api';
import { catalogueKeys } from '../../src/features/catalogue/catalogue.queries';
import { Calculator } from '../../src/features/catalogue/components/Calculator';
import { renderAt } from './render';

const BTC: CoinMarketItem = { coin: 'btc', algorithm: 'SHA256d', network_difficulty: 1e14, hashes_per_difficulty: 2 ** 32, block_reward: 3.125, fee_rate: 2, price_usd: 50_000, day: '2026-12-01', demo: false };
const RATES = { rates: [{ currency: 'CNY', rate: '1', symbol: '¥' }, { currency: 'USD', rate: '0.14', symbol: '$' }] };

describe('the calculator', () => {
  it('uses a typed coin price, and the market price again once it is cleared', async () => {
    await act(async () => {
      renderAt('/tools/asic', { frame: <Calculator kind="asic" />, cached: [[catalogueKeys.market(), { list: [BTC] }], [['rates'], RATES]] });
    });
    const user = userEvent.setup();
    const price = (await screen.findByRole('spinbutton', { name: 'Price ($) BTC' }, { timeout: 10_000 })) as HTMLInputElement;
    const revenue = () => price.closest('tr')!.querySelectorAll('td')[4]!.textContent;
    const market = revenue();
    expect(price.value).toBe('50000');

    await user.clear(price);
    await user.type(price, '100000');
    await waitFor(() => expect(revenue()).not.toBe(market));

    await user.clear(price);
    await user.tab();
    await waitFor(() => expect(revenue()).toBe(market));
    expect(price.value).toBe('50000');
  });
});
