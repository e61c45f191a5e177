// Pure rules: the networks (mainnet, testnet, regtest) of the bitcoin-family coins and their
// address parameters. CHAIN_NETWORKS (config.ts) says which network each coin's
// node is on; a withdraw address is checked against that network with bitcoinjs-lib's
// `address.toOutputScript`, so a main-network address is refused on a regtest pool and the other
// way round. The parameters are the coins' own chainparams (Bitcoin Core, Litecoin Core, Dogecoin
// Core): base58 version bytes of pay-to-pubkey-hash and pay-to-script-hash, and the bech32 prefix.
import * as ecc from '@bitcoinerlab/secp256k1';
import { address, initEccLib, networks, type Network } from 'bitcoinjs-lib';
import type { ChainNetwork, NetworkCoin } from '../../config';

// Taproot (bech32m, witness v1) addresses are checked as x-only points: bitcoinjs-lib needs a curve.
initEccLib(ecc);

export { isNetworkCoin, type ChainNetwork, type NetworkCoin } from '../../config';

/** Fields bitcoinjs-lib reads for addresses; the others (message prefix, bip32, wif) are filled for completeness. */
function params(bech32: string, pubKeyHash: number, scriptHash: number, wif: number): Network {
  return { messagePrefix: '\x19Unused Signed Message:\n', bech32, bip32: { public: 0x0488b21e, private: 0x0488ade4 }, pubKeyHash, scriptHash, wif };
}

/**
 * Per coin and network: the main parameters, and, where the coin kept an older script-hash
 * version byte that its nodes still accept (Litecoin's '3…' and testnet '2…' addresses), those too.
 * Dogecoin has no segwit: its bech32 prefix is empty, which no address can carry.
 */
const PARAMS: Record<NetworkCoin, Record<ChainNetwork, Network[]>> = {
  btc: { mainnet: [networks.bitcoin], testnet: [networks.testnet], regtest: [networks.regtest] },
  ltc: {
    mainnet: [params('ltc', 0x30, 0x32, 0xb0), params('ltc', 0x30, 0x05, 0xb0)],
    testnet: [params('tltc', 0x6f, 0x3a, 0xef), params('tltc', 0x6f, 0xc4, 0xef)],
    regtest: [params('rltc', 0x6f, 0x3a, 0xef), params('rltc', 0x6f, 0xc4, 0xef)],
  },
  doge: {
    mainnet: [params('', 0x1e, 0x16, 0x9e)],
    testnet: [params('', 0x71, 0xc4, 0xf1)],
    regtest: [params('', 0x6f, 0xc4, 0xef)],
  },
};

/** The bitcoinjs-lib parameters of a coin on a network (the first set: what new addresses use). */
export function networkParams(coin: NetworkCoin, network: ChainNetwork): Network {
  return PARAMS[coin][network][0]!;
}

/** True when the address is a valid address of that coin on that network (checksum, version byte, prefix, program). */
export function isAddressOfNetwork(coin: NetworkCoin, network: ChainNetwork, text: string): boolean {
  return PARAMS[coin][network].some((net) => {
    try {
      address.toOutputScript(text, net);
      return true;
    } catch {
      return false;
    }
  });
}
