// The features of the web app: the one list a new feature is added to (the web's counterpart of
// apps/server/src/modules/registry.ts). Each entry is the feature's declaration
// (features/<name>/feature.ts: its namespaces and routes, its pages of the operators' area among
// them); its message renderers are its messages.ts, which feature-extensions.ts finds and loads
// when first needed. composeFeatures() puts them together and refuses a namespace, route or
// message type that two features claim. The route table (routes.ts) and the message centre read
// the composition; apps/web/test/features.test.ts checks it.
import { checkClaims, composeFeatures } from '../shell/features/compose';
import type { FeatureDef } from '../shell/features/feature';
import { SHELL_NAMESPACES } from '../i18n/namespaces';
import { loadMessages } from './feature-extensions';
import { contentFeature } from '../features/content/feature';
import { accountsFeature } from '../features/accounts/feature';
import { passkeysFeature } from '../features/passkeys/feature';
import { wechatFeature } from '../features/wechat/feature';
import { oauthFeature } from '../features/oauth/feature';
import { observersFeature } from '../features/observers/feature';
import { miningFeature } from '../features/mining/feature';
import { earningsFeature } from '../features/earnings/feature';
import { addressMiningFeature } from '../features/address-mining/feature';
import { walletFeature } from '../features/wallet/feature';
import { stakingFeature } from '../features/staking/feature';
import { contractsFeature } from '../features/contracts/feature';
import { promotionsFeature } from '../features/promotions/feature';
import { catalogueFeature } from '../features/catalogue/feature';
import { supportFeature } from '../features/support/feature';
import { adminFeature } from '../features/admin/feature';

export const FEATURES: readonly FeatureDef[] = [
  contentFeature,
  accountsFeature,
  passkeysFeature,
  wechatFeature,
  oauthFeature,
  observersFeature,
  miningFeature,
  earningsFeature,
  addressMiningFeature,
  walletFeature,
  stakingFeature,
  contractsFeature,
  promotionsFeature,
  catalogueFeature,
  supportFeature,
  adminFeature,
];

export const COMPOSED = composeFeatures(FEATURES, SHELL_NAMESPACES, { loadMessages });

/** Every web namespace, the shell's then each feature's (for the tests: the loader takes any file of locales/). */
export function webNamespaces(): string[] {
  return Object.keys(checkClaims(FEATURES, SHELL_NAMESPACES).namespaceOwners);
}
