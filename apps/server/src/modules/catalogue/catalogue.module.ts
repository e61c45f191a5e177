// The catalogue module in the registry: miner models, the profitability ranking and the
// calculators' market figures (from the earnings module's market data).
import { defineModule } from '../../platform/modules';
import { catalogueRoutes } from './catalogue.routes';
import { seedMinerModels } from './catalogue.seed';
import { CatalogueService } from './catalogue.service';

export interface CatalogueApi {
  catalogue: CatalogueService;
}

export const catalogueModule = defineModule({
  name: 'catalogue',
  dependsOn: ['content', 'earnings'],
  create: (p, use) => {
    const content = use('content').content;
    return { catalogue: new CatalogueService(p.db, p.clock, { market: use('earnings').earnings, pools: () => content.pools(), audit: p.audit }) };
  },
  routes: (api) => catalogueRoutes(api.catalogue),
  seed: (db) => seedMinerModels(db),
});
