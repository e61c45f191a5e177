// The address-mining module in the registry: the public pages' calls for coins mined straight to a
// wallet address (alph, kas, sumo, zeph, aleo, xtm), and ALEO's stake calculator and schedule.
import { defineModule } from '../../platform/modules';
import { addressMiningRoutes } from './address-mining.routes';
import { AddressMiningService } from './address-mining.service';
import { AleoStakeService, seedAleoStakeSchedule } from './aleo-stake.service';

export interface AddressMiningApi {
  addressMining: AddressMiningService;
  aleoStake: AleoStakeService;
}

export const addressMiningModule = defineModule({
  name: 'address-mining',
  dependsOn: ['mining', 'earnings'],
  create: (p, use) => {
    const mining = use('mining');
    const earnings = use('earnings');
    return {
      addressMining: new AddressMiningService(p.db, p.clock, p.config.WORKER_DEAD_AFTER_HOURS * 3600_000, { workers: mining.workers, history: mining.history, blocks: mining.blocks, earnings: earnings.earnings }),
      aleoStake: new AleoStakeService(p.db, p.clock, p.audit),
    };
  },
  routes: (api) => addressMiningRoutes(api.addressMining, api.aleoStake),
  seed: (db, clock) => seedAleoStakeSchedule(db, clock.now()),
});
