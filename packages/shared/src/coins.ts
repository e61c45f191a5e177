// The coin table: every coin of SPEC.md section 9 with its display precision and mining mode.
// The server seeds its coin registry from this table; operators may edit the registry later
// (fees, stratum addresses), but code and precision are fixed here so both sides format alike.

export type MiningMode = 'account' | 'address';

export interface CoinInfo {
  /** Lower-case code used in routes and API paths (`/pool/btc/home`). */
  code: string;
  name: string;
  /** Ticker shown next to amounts. */
  symbol: string;
  algorithm: string;
  /** Decimal places shown for amounts of this coin. */
  precision: number;
  /** account: mined into sub-accounts (/pool/{type}); address: mined to a wallet address (/mining/{coin}). */
  mode: MiningMode;
  /**
   * Hashes one share of difficulty 1 stands for: 2^32 where difficulty is measured against the
   * Bitcoin-style target (sha256d and most 256-bit hashes), 2^16 for scrypt, 1 where the coin's
   * difficulty is already a hash count (RandomX, Ethash, Autolykos, ...). Hashrate = sum of
   * accepted difficulty x this / seconds.
   */
  hashesPerDifficulty: number;
  /** Target seconds between the network's blocks. */
  blockTimeSeconds: number;
  /** Confirmations before a block's reward is mature (spendable); 100 when the coin sets none. */
  maturity?: number;
}

/** Confirmations before a coin's block reward can be paid out. */
export function coinMaturity(code: string): number {
  return findCoin(code)?.maturity ?? 100;
}

/** Amounts of a coin without a listed precision show 8 decimals (SPEC.md section 9). */
export const DEFAULT_AMOUNT_PRECISION = 8;

/**
 * Coins whose pages live under /mining/{coin} and never under /pool/{type}.
 * SPEC.md sections 2 and 9 call them the restricted-route coins.
 */
export const ADDRESS_MODE_COINS = ['alph', 'kas', 'sumo', 'zeph', 'aleo', 'xtm'] as const;
export type AddressModeCoin = (typeof ADDRESS_MODE_COINS)[number];

export const COINS: readonly CoinInfo[] = [
  { code: 'btc', name: 'Bitcoin', symbol: 'BTC', algorithm: 'SHA256d', precision: 6, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 600, maturity: 100 },
  { code: 'ltc', name: 'Litecoin', symbol: 'LTC', algorithm: 'Scrypt', precision: 6, mode: 'account', hashesPerDifficulty: 2 ** 16, blockTimeSeconds: 150, maturity: 100 },
  { code: 'doge', name: 'Dogecoin', symbol: 'DOGE', algorithm: 'Scrypt', precision: 4, mode: 'account', hashesPerDifficulty: 2 ** 16, blockTimeSeconds: 60, maturity: 240 },
  { code: 'eth', name: 'Ethereum PoW', symbol: 'ETH', algorithm: 'Ethash', precision: 6, mode: 'account', hashesPerDifficulty: 1, blockTimeSeconds: 13, maturity: 64 },
  { code: 'xmr', name: 'Monero', symbol: 'XMR', algorithm: 'RandomX', precision: 6, mode: 'account', hashesPerDifficulty: 1, blockTimeSeconds: 120, maturity: 60 },
  { code: 'zec', name: 'Zcash', symbol: 'ZEC', algorithm: 'Equihash', precision: 6, mode: 'account', hashesPerDifficulty: 2 ** 13, blockTimeSeconds: 75, maturity: 100 },
  { code: 'dash', name: 'Dash', symbol: 'DASH', algorithm: 'X11', precision: 6, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 157, maturity: 100 },
  { code: 'dcr', name: 'Decred', symbol: 'DCR', algorithm: 'BLAKE3', precision: 6, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 300, maturity: 256 },
  { code: 'rvn', name: 'Ravencoin', symbol: 'RVN', algorithm: 'KawPow', precision: 4, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 60, maturity: 100 },
  { code: 'erg', name: 'Ergo', symbol: 'ERG', algorithm: 'Autolykos2', precision: 6, mode: 'account', hashesPerDifficulty: 1, blockTimeSeconds: 120, maturity: 720 },
  { code: 'kda', name: 'Kadena', symbol: 'KDA', algorithm: 'Blake2s', precision: 4, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 30, maturity: 0 },
  { code: 'hns', name: 'Handshake', symbol: 'HNS', algorithm: 'Blake2b-SHA3', precision: 4, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 600 },
  { code: 'lbc', name: 'LBRY Credits', symbol: 'LBC', algorithm: 'LBRY', precision: 4, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 150 },
  { code: 'ckb', name: 'Nervos CKB', symbol: 'CKB', algorithm: 'Eaglesong', precision: 4, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 10 },
  { code: 'stc', name: 'Starcoin', symbol: 'STC', algorithm: 'CryptoNight-R', precision: 4, mode: 'account', hashesPerDifficulty: 1, blockTimeSeconds: 5 },
  { code: 'sc', name: 'Siacoin', symbol: 'SC', algorithm: 'Blake2b', precision: 4, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 600 },
  { code: 'scp', name: 'ScPrime', symbol: 'SCP', algorithm: 'Blake2b', precision: 6, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 600 },
  { code: 'cfx', name: 'Conflux', symbol: 'CFX', algorithm: 'Octopus', precision: 6, mode: 'account', hashesPerDifficulty: 1, blockTimeSeconds: 1 },
  { code: 'grin-c32', name: 'Grin (C32)', symbol: 'GRIN', algorithm: 'Cuckatoo32', precision: 6, mode: 'account', hashesPerDifficulty: 1, blockTimeSeconds: 60 },
  { code: 'pmeer', name: 'Qitmeer', symbol: 'PMEER', algorithm: 'MeerXKeccak', precision: 6, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 30 },
  { code: 'alph', name: 'Alephium', symbol: 'ALPH', algorithm: 'Blake3', precision: 6, mode: 'address', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 16, maturity: 500 },
  { code: 'kas', name: 'Kaspa', symbol: 'KAS', algorithm: 'kHeavyHash', precision: 6, mode: 'address', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 1, maturity: 100 },
  // sumo has no precision in SPEC.md: it takes the 8-decimal default.
  { code: 'sumo', name: 'Sumokoin', symbol: 'SUMO', algorithm: 'RandomX', precision: DEFAULT_AMOUNT_PRECISION, mode: 'address', hashesPerDifficulty: 1, blockTimeSeconds: 240 },
  { code: 'zeph', name: 'Zephyr', symbol: 'ZEPH', algorithm: 'RandomX', precision: 6, mode: 'address', hashesPerDifficulty: 1, blockTimeSeconds: 120 },
  { code: 'aleo', name: 'Aleo', symbol: 'ALEO', algorithm: 'AleoBFT PoSW', precision: 6, mode: 'address', hashesPerDifficulty: 1, blockTimeSeconds: 10, maturity: 0 },
  // xtm is not listed either, but its smallest unit is 1e-6 (microMinotari): more digits would be noise.
  { code: 'xtm', name: 'Tari', symbol: 'XTM', algorithm: 'SHA3x', precision: 6, mode: 'address', hashesPerDifficulty: 1, blockTimeSeconds: 120, maturity: 1000 },
];

const byCode = new Map(COINS.map((c) => [c.code, c]));

export function findCoin(code: string): CoinInfo | undefined {
  return byCode.get(code.toLowerCase());
}

export function isAddressModeCoin(code: string): code is AddressModeCoin {
  return (ADDRESS_MODE_COINS as readonly string[]).includes(code.toLowerCase());
}

/** Display precision of a coin's amounts; unknown coins take the default. */
export function coinPrecision(code: string | undefined): number {
  return (code ? byCode.get(code.toLowerCase())?.precision : undefined) ?? DEFAULT_AMOUNT_PRECISION;
}
