// The prices module in the registry: coin prices and currency rates from their source
// (PRICES_SOURCE: the demo market by default, CoinGecko or operators), their staleness, the
// operators' screen and override. GET /pools reads its stale coins through the content module's
// extension point; the earnings module asks it for each new market day's price.
import { defineModule } from '../../platform/modules';
import { CoingeckoClient } from './coingecko.client';
import { startPricesJobs } from './prices.jobs';
import { pricesRoutes } from './prices.routes';
import { coingeckoIds, PricesService } from './prices.service';

export interface PricesApi {
  prices: PricesService;
}

export const pricesModule = defineModule({
  name: 'prices',
  dependsOn: ['content', 'accounts'],
  create: (p, use) => {
    const { config } = p;
    const client =
      config.PRICES_SOURCE === 'coingecko'
        ? new CoingeckoClient({ base: config.PRICES_COINGECKO_BASE, apiKey: config.PRICES_COINGECKO_KEY, keyHeader: config.PRICES_COINGECKO_KEY_HEADER }, p.log)
        : null;
    const content = use('content');
    const prices = new PricesService(
      p.db,
      p.clock,
      { source: config.PRICES_SOURCE, staleMs: config.PRICES_STALE_MINUTES * 60_000, pollSeconds: config.PRICES_POLL_SECONDS, ids: coingeckoIds(config.PRICES_COINGECKO_IDS) },
      client,
      { content: content.content, accounts: use('accounts').directory, notifications: p.notifications, audit: p.audit, log: p.log },
    );
    content.stalePrices.register(() => prices.staleCoins());
    return { prices };
  },
  routes: (api) => pricesRoutes(api.prices),
  jobs: (api, p) => startPricesJobs({ db: p.db, prices: api.prices, log: p.log }),
});
