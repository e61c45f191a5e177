// Withdraw addresses checked per coin family ("The address is wrong"; KDA: "The publicKey is
// wrong"). Where the coin has a checksum that multicoin-address-validator knows (base58check,
// bech32, EIP-55, CryptoNote, Blake2b for Siacoin), the library checks it; for the other coins the
// format of their address family is checked, which catches typos of length and alphabet but not
// every swapped character. The simulated chain's own addresses ("sim<coin>1<hex>") pass only
// in demo and test setups where that chain is used. The bitcoin family (btc, ltc, doge) is checked
// with bitcoinjs-lib against the network its node is on (CHAIN_NETWORKS, chain-networks.ts).
import WAValidator from 'multicoin-address-validator';
import { isValidMiningAddress, MINING_ADDRESS_FORMATS } from '@hashpool/shared';
import { CHAIN_NETWORK_NAMES, isNetworkCoin, type ChainNetwork, type NetworkCoin } from '../../config';
import { isAddressOfNetwork } from './chain-networks';

/** Coins the library validates with their checksums, and the network to check against. */
const LIBRARY: Record<string, string> = {
  eth: 'eth',
  xmr: 'xmr',
  zec: 'zec',
  dash: 'dash',
  dcr: 'dcr',
  lbc: 'lbc',
  sc: 'sc',
};

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const BECH32 = '[02-9ac-hj-np-z]';

/** Address formats of the coins without a library checksum check. */
const FORMATS: Record<string, RegExp> = {
  rvn: new RegExp(`^R${BASE58}{33}$`),
  erg: new RegExp(`^9${BASE58}{50}$`),
  // Kadena accounts: "k:" + the 64-hex public key (the usual form), or a plain account name.
  kda: /^(k:[0-9a-f]{64}|[A-Za-z0-9_.-]{3,256})$/,
  hns: new RegExp(`^hs1${BECH32}{39,59}$`),
  ckb: new RegExp(`^ck[bt]1${BECH32}{40,110}$`),
  stc: /^0x[0-9a-fA-F]{32}$/,
  scp: /^[0-9a-f]{76}$/,
  cfx: /^cfx:[0-9a-z]{42}$/i,
  'grin-c32': new RegExp(`^grin1${BECH32}{58}$`),
  pmeer: new RegExp(`^Tm${BASE58}{33}$|^Mm${BASE58}{33}$`),
};

export const KDA_PUBLIC_KEY = /^[0-9a-f]{64}$/;

export interface AddressCheck {
  ok: boolean;
  /** Which rule refused it, for the error message. */
  error?: 'address_invalid' | 'public_key_invalid' | 'address_wrong_network';
  /** With address_wrong_network: the network the pool pays on. */
  network?: ChainNetwork;
}

/**
 * `networks`: the network of each bitcoin-family coin (CHAIN_NETWORKS); a coin not named is on
 * mainnet. An address valid on another network than the coin's is refused as address_wrong_network.
 */
export function checkWithdrawAddress(
  coin: string,
  address: string,
  publicKey: string | undefined,
  allowSimulated: boolean,
  networks: Partial<Record<NetworkCoin, ChainNetwork>> = {},
): AddressCheck {
  if (allowSimulated && new RegExp(`^sim${coin}1[0-9a-f]{40}$`).test(address)) return { ok: true };
  if (isNetworkCoin(coin)) {
    const network = networks[coin] ?? 'mainnet';
    if (isAddressOfNetwork(coin, network, address)) return { ok: true };
    const elsewhere = CHAIN_NETWORK_NAMES.some((other) => other !== network && isAddressOfNetwork(coin, other, address));
    return elsewhere ? { ok: false, error: 'address_wrong_network', network } : { ok: false, error: 'address_invalid' };
  }
  if (coin === 'kda') {
    if (!FORMATS.kda!.test(address)) return { ok: false, error: 'address_invalid' };
    // A "k:" account is its public key; other account names need the key given separately.
    const key = address.startsWith('k:') ? address.slice(2) : publicKey;
    if (!key || !KDA_PUBLIC_KEY.test(key) || (publicKey && address.startsWith('k:') && publicKey !== key)) return { ok: false, error: 'public_key_invalid' };
    return { ok: true };
  }
  const network = LIBRARY[coin];
  if (network) return WAValidator.validate(address, network, { networkType: 'prod' }) ? { ok: true } : { ok: false, error: 'address_invalid' };
  // Address-mode coins: the same format that mining to the address was checked against, so an
  // address that could mine can be withdrawn to and the other way round.
  if (MINING_ADDRESS_FORMATS[coin]) return isValidMiningAddress(coin, address) ? { ok: true } : { ok: false, error: 'address_invalid' };
  const format = FORMATS[coin];
  return format?.test(address) ? { ok: true } : { ok: false, error: 'address_invalid' };
}
