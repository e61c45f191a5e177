// Address parameters of the bitcoin-family networks, for bitcoinjs-lib's address.toOutputScript.
// bitcoinjs-lib ships Bitcoin's; Litecoin's and Dogecoin's are defined here from their chainparams
// (base58 prefixes and bech32 HRP; the bip32/wif fields are unused for output scripts but required
// by the type, so they carry each chain's real values where they differ).
import { networks, type Network } from 'bitcoinjs-lib';
import type { ChainNetwork } from './types';

const litecoin = (bech32: string, pubKeyHash: number, scriptHash: number, wif: number): Network => ({
  messagePrefix: '\x19Litecoin Signed Message:\n',
  bech32,
  bip32: { public: 0x0488b21e, private: 0x0488ade4 },
  pubKeyHash,
  scriptHash,
  wif,
});

// Dogecoin has no segwit: bech32 is set to a prefix no Dogecoin address has, so only base58 matches.
const dogecoin = (pubKeyHash: number, scriptHash: number, wif: number): Network => ({
  messagePrefix: '\x19Dogecoin Signed Message:\n',
  bech32: 'doge-none',
  bip32: { public: 0x02facafd, private: 0x02fac398 },
  pubKeyHash,
  scriptHash,
  wif,
});

const NETWORKS: Record<'btc' | 'ltc' | 'doge', Record<ChainNetwork, Network>> = {
  btc: { mainnet: networks.bitcoin, testnet: networks.testnet, regtest: networks.regtest },
  ltc: {
    mainnet: litecoin('ltc', 0x30, 0x32, 0xb0),
    testnet: litecoin('tltc', 0x6f, 0x3a, 0xef),
    regtest: litecoin('rltc', 0x6f, 0x3a, 0xef),
  },
  doge: {
    mainnet: dogecoin(0x1e, 0x16, 0x9e),
    testnet: dogecoin(0x71, 0xc4, 0xf1),
    // Dogecoin's regtest uses its testnet prefixes.
    regtest: dogecoin(0x6f, 0xc4, 0xef),
  },
};

export function addressNetwork(coin: 'btc' | 'ltc' | 'doge', network: ChainNetwork): Network {
  return NETWORKS[coin][network];
}
