// The contracts module in the registry: cloud-mining products, orders paid by USDT (an address
// per order from the wallet's chain adapter), bank transfer with a certificate or the wallet
// balance, the operators' review, and the daily contract profit from the earnings module's unit
// earnings, credited through the ledger.
import { defineModule } from '../../platform/modules';
import { seedDemoContracts } from './contracts.demo';
import { startContractsJobs } from './contracts.jobs';
import { contractsRoutes } from './contracts.routes';
import { OrdersService } from './orders.service';
import { ProductsService } from './products.service';
import { ProfitsService } from './profits.service';

export interface ContractsApi {
  products: ProductsService;
  orders: OrdersService;
  profits: ProfitsService;
}

/** Seconds between the job's passes. */
const JOB_INTERVAL_MS = 30_000;

export const contractsModule = defineModule({
  name: 'contracts',
  dependsOn: ['accounts', 'wallet', 'earnings'],
  create: (p, use) => {
    const { db, clock } = p;
    const earnings = use('earnings').earnings;
    const orders = new OrdersService(db, clock, { chain: use('wallet').chain, checks: use('wallet').checks, files: p.files, notifications: p.notifications, audit: p.audit, accounts: use('accounts').directory, earnings });
    return {
      products: new ProductsService(db, clock, { audit: p.audit, earnings, chainEnabled: (chain) => use('wallet').chain.enabled(chain) }),
      orders,
      profits: new ProfitsService(db, clock, { earnings, orders }),
    };
  },
  routes: (api) => contractsRoutes(api),
  demo: (api, p, use) => seedDemoContracts(p.db, p.clock, api.products, use('accounts').directory),
  jobs: (api, p) => startContractsJobs(api, { db: p.db, log: p.log, intervalMs: JOB_INTERVAL_MS }),
});
