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
// Support tickets and the miner catalogue.
import { catalogueModule } from './catalogue';
import { supportModule } from './support';
// The OAuth / OpenID Connect provider.
import { oauthModule } from './oauth';
// Passkeys.
import { passkeysModule } from './passkeys';
// Observer links (last: its principal resolver is asked first, so the token overrides a bearer token).
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
  supportModule,
  catalogueModule,
  stakingModule,
  contractsModule,
  wechatModule,
  oauthModule,
  passkeysModule,
  // Keep last: its principal resolver is asked first (see the import).
  observersModule,
];
