// The content module in the registry: coins and pools, site parameters (and their screen), currency rates,
// announcements, banners, advertisements, footer links and the health check.
import type { PoolFee } from '@hashpool/shared';
import { ExtensionPoint } from '../../platform/extension-point';
import { defineModule } from '../../platform/modules';
import { contentRoutes } from './content.routes';
import { seedDemoContent, seedReferenceData } from './content.seed';
import { ContentService } from './content.service';
import { ContentAdminService } from './content-admin.service';
import { contentAdminRoutes } from './content-admin.routes';
import { SiteParametersService } from './site-parameters.service';
import { siteParametersRoutes } from './site-parameters.routes';
import { CoinListService } from './coin-list.service';
import { coinListRoutes } from './coin-list.routes';

/** A figure per coin that GET /pools shows and another module owns. */
export type PoolFigures = () => Promise<Map<string, string>>;
/** Each coin's pool fee as GET /pools shows it (today's rate, a change made today): the earnings module's. */
export type PoolFees = () => Promise<Map<string, PoolFee>>;

export interface ContentApi {
  content: ContentService;
  /** GET /pools' fee of each coin's default payout method: the earnings module registers its fee table. */
  poolFees: ExtensionPoint<PoolFees>;
  /** GET /pools' minimum payout of each coin: the wallet registers its coin settings' minimum withdrawal. */
  minPayouts: ExtensionPoint<PoolFigures>;
  /** The coins whose price is too old to use: the prices module registers its staleness check. */
  stalePrices: ExtensionPoint<() => Promise<ReadonlySet<string>>>;
  /** The operators' content screens. */
  admin: ContentAdminService;
  /** The operators' site parameters screen. */
  siteParameters: SiteParametersService;
  /** The operators' coin list (listing, order, stratum address). */
  coinList: CoinListService;
}

export const contentModule = defineModule({
  name: 'content',
  dependsOn: [],
  create: (p) => {
    const poolFees = new ExtensionPoint<PoolFees>('content.poolFees');
    const minPayouts = new ExtensionPoint<PoolFigures>('content.minPayouts');
    const stalePrices = new ExtensionPoint<() => Promise<ReadonlySet<string>>>('content.stalePrices');
    return {
      content: new ContentService(
        p.db,
        p.clock,
        // app_version is the one version (package.json), the same /api/health reports; a table row of that name is ignored.
        { request_sign_key: p.config.REQUEST_SIGN_KEY, app_version: p.version },
        // GET /pools shows the default payout method's fee in force today from the operators' fee table,
        async () => (poolFees.provider ? poolFees.provider() : new Map()),
        // and the wallet's minimum withdrawal as the pool's minimum payout (coin settings).
        async () => (minPayouts.provider ? minPayouts.provider() : new Map()),
        // and no price older than the price feed's staleness limit.
        async () => (stalePrices.provider ? stalePrices.provider() : new Set<string>()),
      ),
      admin: new ContentAdminService(p.db, p.clock, p.audit, p.files),
      siteParameters: new SiteParametersService(p.db, p.clock, p.audit),
      coinList: new CoinListService(p.db, p.clock, p.audit),
      poolFees,
      minPayouts,
      stalePrices,
    };
  },
  routes: (api, p) => async (app) => {
    await app.register(contentRoutes(api.content, p.version));
    await app.register(contentAdminRoutes(api.admin));
    await app.register(siteParametersRoutes(api.siteParameters));
    await app.register(coinListRoutes(api.coinList));
  },
  seed: (db) => seedReferenceData(db),
  demo: (_api, p) => seedDemoContent(p.db, p.clock.now()),
});
