// The coin table (docs/rules.md, Limits and constants): every coin with its display precision, its base unit and
// mining mode. The server seeds its coin registry from this table; operators may edit the registry
// later (fees, stratum addresses), but code, precision and base unit are fixed here so both sides
// format and check alike.

export type MiningMode = 'account' | 'address';

export interface CoinInfo {
  /** Lower-case code used in routes and API paths (`/pool/btc/home`). */
  code: string;
  name: string;
  /** Ticker shown next to amounts. */
  symbol: string;
  algorithm: string;
  /** Decimal places shown for amounts of this coin: display only, never a rule on money. */
  precision: number;
  /**
   * Decimals of the coin's base unit, its smallest amount on chain (satoshi for BTC), capped at
   * the ledger's LEDGER_DECIMALS. Ledger amounts are whole base units: the ledger refuses more
   * decimals, credits are cut to the base unit (the fraction carried to the account's next
   * credit), and users may enter amounts to the base unit (to withdraw a whole balance).
   */
  baseDecimals: number;
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

/**
 * The most coins of a kind that can exist (its protocol's cap), a bound no operator's adjustment
 * may pass: without it, an adjustment of 9,223,372,036,854,775,808 BTC would go through. Coins with a
 * tail emission or no fixed cap have no entry and are bounded by UNCAPPED_SUPPLY_BOUND instead.
 */
const MAX_SUPPLY: Record<string, string> = {
  btc: '21000000',
  ltc: '84000000',
  zec: '21000000',
  dcr: '21000000',
  rvn: '21000000000',
  kda: '1000000000',
  hns: '2040000000',
  erg: '97739925',
  alph: '1000000000',
  kas: '28704026601',
};
/** The bound of coins without a fixed cap: a thousand billion coins, more than any of them has. */
export const UNCAPPED_SUPPLY_BOUND = '1000000000000';

/** The coin's supply cap, or the bound of an uncapped coin, in coins (a decimal string). */
export function maxSupplyOf(code: string): string {
  return MAX_SUPPLY[code] ?? UNCAPPED_SUPPLY_BOUND;
}

/** Confirmations before a coin's block reward can be paid out. */
export function coinMaturity(code: string): number {
  return findCoin(code)?.maturity ?? 100;
}

/** Amounts of a coin without a listed precision show 8 decimals (docs/rules.md, Limits and constants). */
export const DEFAULT_AMOUNT_PRECISION = 8;

/** The ledger's scale: numeric(38,18) columns, so no base unit is finer than 10^-18 here. */
export const LEDGER_DECIMALS = 18;

/**
 * Coins whose pages live under /mining/{coin} and never under /pool/{type}.
 * docs/rules.md, Routes and access, gives their routing rules (the coin rules).
 */
export const ADDRESS_MODE_COINS = ['alph', 'kas', 'sumo', 'zeph', 'aleo', 'xtm'] as const;
export type AddressModeCoin = (typeof ADDRESS_MODE_COINS)[number];

/** Above each coin: its base unit as its chain defines it (baseDecimals). */
export const COINS: readonly CoinInfo[] = [
  // satoshi, 10^-8 BTC
  { code: 'btc', name: 'Bitcoin', symbol: 'BTC', algorithm: 'SHA256d', precision: 6, baseDecimals: 8, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 600, maturity: 101 },
  // litoshi, 10^-8 LTC (Bitcoin's COIN = 10^8)
  { code: 'ltc', name: 'Litecoin', symbol: 'LTC', algorithm: 'Scrypt', precision: 6, baseDecimals: 8, mode: 'account', hashesPerDifficulty: 2 ** 16, blockTimeSeconds: 150, maturity: 101 },
  // koinu, 10^-8 DOGE
  { code: 'doge', name: 'Dogecoin', symbol: 'DOGE', algorithm: 'Scrypt', precision: 4, baseDecimals: 8, mode: 'account', hashesPerDifficulty: 2 ** 16, blockTimeSeconds: 60, maturity: 241 },
  // wei, 10^-18 ETH
  { code: 'eth', name: 'Ethereum PoW', symbol: 'ETH', algorithm: 'Ethash', precision: 6, baseDecimals: 18, mode: 'account', hashesPerDifficulty: 1, blockTimeSeconds: 13, maturity: 64 },
  // piconero, 10^-12 XMR
  { code: 'xmr', name: 'Monero', symbol: 'XMR', algorithm: 'RandomX', precision: 6, baseDecimals: 12, mode: 'account', hashesPerDifficulty: 1, blockTimeSeconds: 120, maturity: 60 },
  // zatoshi, 10^-8 ZEC
  { code: 'zec', name: 'Zcash', symbol: 'ZEC', algorithm: 'Equihash', precision: 6, baseDecimals: 8, mode: 'account', hashesPerDifficulty: 2 ** 13, blockTimeSeconds: 75, maturity: 100 },
  // duff, 10^-8 DASH
  { code: 'dash', name: 'Dash', symbol: 'DASH', algorithm: 'X11', precision: 6, baseDecimals: 8, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 157, maturity: 100 },
  // atom, 10^-8 DCR
  { code: 'dcr', name: 'Decred', symbol: 'DCR', algorithm: 'BLAKE3', precision: 6, baseDecimals: 8, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 300, maturity: 256 },
  // 10^-8 RVN (Bitcoin's COIN = 10^8)
  { code: 'rvn', name: 'Ravencoin', symbol: 'RVN', algorithm: 'KawPow', precision: 4, baseDecimals: 8, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 60, maturity: 100 },
  // nanoErg, 10^-9 ERG
  { code: 'erg', name: 'Ergo', symbol: 'ERG', algorithm: 'Autolykos2', precision: 6, baseDecimals: 9, mode: 'account', hashesPerDifficulty: 1, blockTimeSeconds: 120, maturity: 720 },
  // 10^-12 KDA: the coin contract's MINIMUM_PRECISION
  { code: 'kda', name: 'Kadena', symbol: 'KDA', algorithm: 'Blake2s', precision: 4, baseDecimals: 12, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 30, maturity: 0 },
  // dollarydoo, 10^-6 HNS
  { code: 'hns', name: 'Handshake', symbol: 'HNS', algorithm: 'Blake2b-SHA3', precision: 4, baseDecimals: 6, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 600 },
  // dewey, 10^-8 LBC
  { code: 'lbc', name: 'LBRY Credits', symbol: 'LBC', algorithm: 'LBRY', precision: 4, baseDecimals: 8, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 150 },
  // shannon, 10^-8 CKB
  { code: 'ckb', name: 'Nervos CKB', symbol: 'CKB', algorithm: 'Eaglesong', precision: 4, baseDecimals: 8, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 10 },
  // nanoSTC, 10^-9 STC
  { code: 'stc', name: 'Starcoin', symbol: 'STC', algorithm: 'CryptoNight-R', precision: 4, baseDecimals: 9, mode: 'account', hashesPerDifficulty: 1, blockTimeSeconds: 5 },
  // the hasting is 10^-24 SC: capped at the ledger's 18 decimals
  { code: 'sc', name: 'Siacoin', symbol: 'SC', algorithm: 'Blake2b', precision: 4, baseDecimals: 18, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 600 },
  // the hasting is 10^-27 SCP: capped at the ledger's 18 decimals
  { code: 'scp', name: 'ScPrime', symbol: 'SCP', algorithm: 'Blake2b', precision: 6, baseDecimals: 18, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 600 },
  // drip, 10^-18 CFX
  { code: 'cfx', name: 'Conflux', symbol: 'CFX', algorithm: 'Octopus', precision: 6, baseDecimals: 18, mode: 'account', hashesPerDifficulty: 1, blockTimeSeconds: 1 },
  // nanogrin, 10^-9 GRIN
  { code: 'grin-c32', name: 'Grin (C32)', symbol: 'GRIN', algorithm: 'Cuckatoo32', precision: 6, baseDecimals: 9, mode: 'account', hashesPerDifficulty: 1, blockTimeSeconds: 60 },
  // atom, 10^-8 MEER
  { code: 'pmeer', name: 'Qitmeer', symbol: 'PMEER', algorithm: 'MeerXKeccak', precision: 6, baseDecimals: 8, mode: 'account', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 30 },
  // attoALPH, 10^-18 ALPH
  { code: 'alph', name: 'Alephium', symbol: 'ALPH', algorithm: 'Blake3', precision: 6, baseDecimals: 18, mode: 'address', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 16, maturity: 500 },
  // sompi, 10^-8 KAS
  { code: 'kas', name: 'Kaspa', symbol: 'KAS', algorithm: 'kHeavyHash', precision: 6, baseDecimals: 8, mode: 'address', hashesPerDifficulty: 2 ** 32, blockTimeSeconds: 1, maturity: 100 },
  // sumo has no listed display precision: it shows the 8-decimal default (docs/rules.md, Limits
  // and constants); its base unit is 10^-9 SUMO (COIN = 10^9).
  { code: 'sumo', name: 'Sumokoin', symbol: 'SUMO', algorithm: 'RandomX', precision: DEFAULT_AMOUNT_PRECISION, baseDecimals: 9, mode: 'address', hashesPerDifficulty: 1, blockTimeSeconds: 240 },
  // 10^-12 ZEPH (Monero's atomic unit)
  { code: 'zeph', name: 'Zephyr', symbol: 'ZEPH', algorithm: 'RandomX', precision: 6, baseDecimals: 12, mode: 'address', hashesPerDifficulty: 1, blockTimeSeconds: 120 },
  // microcredit, 10^-6 ALEO
  { code: 'aleo', name: 'Aleo', symbol: 'ALEO', algorithm: 'AleoBFT PoSW', precision: 6, baseDecimals: 6, mode: 'address', hashesPerDifficulty: 1, blockTimeSeconds: 10, maturity: 0 },
  // xtm is not listed either; it shows 6 decimals, its base unit (microMinotari, 10^-6 XTM): more would be noise.
  { code: 'xtm', name: 'Tari', symbol: 'XTM', algorithm: 'SHA3x', precision: 6, baseDecimals: 6, mode: 'address', hashesPerDifficulty: 1, blockTimeSeconds: 120, maturity: 1000 },
];

const byCode = new Map(COINS.map((c) => [c.code, c]));

export function findCoin(code: string): CoinInfo | undefined {
  return byCode.get(code.toLowerCase());
}

export function isAddressModeCoin(code: string): code is AddressModeCoin {
  return (ADDRESS_MODE_COINS as readonly string[]).includes(code.toLowerCase());
}

/** Decimals of a coin's base unit (see CoinInfo.baseDecimals); unknown coins take the default precision. */
export function coinBaseDecimals(code: string | undefined): number {
  return (code ? byCode.get(code.toLowerCase())?.baseDecimals : undefined) ?? DEFAULT_AMOUNT_PRECISION;
}

/** Display precision of a coin's amounts; unknown coins take the default. */
export function coinPrecision(code: string | undefined): number {
  return (code ? byCode.get(code.toLowerCase())?.precision : undefined) ?? DEFAULT_AMOUNT_PRECISION;
}
