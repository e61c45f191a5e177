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
  dependsOn: ['mining', 'wallet', 'earnings'],
  create: (p, use) => ({
    addressMining: new AddressMiningService(p.clock, { mining: use('mining'), earnings: use('earnings'), wallet: use('wallet') }),
    aleoStake: new AleoStakeService(p.db, p.clock, p.audit, use('mining')),
  }),
  routes: (api) => addressMiningRoutes(api.addressMining, api.aleoStake),
  seed: (db, clock) => seedAleoStakeSchedule(db, clock.now()),
});
