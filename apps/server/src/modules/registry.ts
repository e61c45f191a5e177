// The module registry: every module of the server, in dependency order (a module comes after the
// modules it uses). app.ts creates them in this order and registers their routes, db/prepare.ts
// runs their seeds, main.ts starts their jobs. Adding a module: its folder, and one line here.
import type { RegisteredModule } from '../platform/modules';
import { accountsModule } from './accounts';
import { addressMiningModule } from './address-mining';
import { contentModule } from './content';
import { contractsModule } from './contracts';
import { earningsModule } from './earnings';
import { ledgerModule } from './ledger';
import { miningModule } from './mining';
import { operationsModule } from './operations';
import { pricesModule } from './prices';
import { promotionsModule } from './promotions';
import { stakingModule } from './staking';
import { walletModule } from './wallet';
import { wechatModule } from './wechat';
// Issue 21: support tickets and the miner catalogue.
import { catalogueModule } from './catalogue';
import { supportModule } from './support';
// Issue 19: the OAuth / OpenID Connect provider.
import { oauthModule } from './oauth';
// Issue 20: passkeys.
import { passkeysModule } from './passkeys';
// Issue 19: observer links (last: its principal resolver is asked first, so the token overrides a bearer token).
import { observersModule } from './observers';

export const MODULES: readonly RegisteredModule[] = [
  // First: every module that moves money posts through it.
  ledgerModule,
  contentModule,
  accountsModule,
  // Before earnings, which prices each new market day from it.
  pricesModule,
  miningModule,
  walletModule,
  earningsModule,
  addressMiningModule,
  operationsModule,
  promotionsModule,
  // Issue 21.
  supportModule,
  catalogueModule,
  stakingModule,
  contractsModule,
  wechatModule,
  // Issue 19.
  oauthModule,
  passkeysModule,
  // Issue 19: keep last (see the import).
  observersModule,
];
