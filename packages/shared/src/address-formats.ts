// Address mining (docs/rules.md, "Routes and access" and "Validation"): the wallet address formats of the six address-mode
// coins, checked at ingestion (a share to a malformed address is refused and counted) and by the
// dashboard's search box before it asks. Each is the coin's published format: its prefix, its
// alphabet and its length. The checksums are not verified here (a typo of one character in the
// body passes); the pool pays only addresses that mined, so a bad checksum can only hurt the miner
// who configured it, and the node refuses to pay it.
const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const BECH32 = '[02-9ac-hj-np-z]';

export interface MiningAddressFormat {
  pattern: RegExp;
  /** The format in one line, for the API (`address_format`). */
  shape: string;
  /** The same in parts, for pages that say it in the reader's language. */
  parts: { prefixes: readonly string[]; alphabet: 'base58' | 'bech32'; length: string };
}

export const MINING_ADDRESS_FORMATS: Record<string, MiningAddressFormat> = {
  // Alephium: base58, 45 or 46 characters for a P2PKH address (starts with 1), longer for P2MPKH/P2SH.
  alph: { pattern: new RegExp(`^${BASE58}{44,60}$`), shape: 'base58, 44-60 characters', parts: { prefixes: [], alphabet: 'base58', length: '44-60' } },
  // Kaspa: "kaspa:" and a bech32 body of 61 (Schnorr P2PK) to 63 (ECDSA, P2SH) characters.
  kas: { pattern: new RegExp(`^kaspa:[qp]${BECH32}{60,62}$`), shape: 'kaspa: + 61-63 bech32 characters', parts: { prefixes: ['kaspa:q', 'kaspa:p'], alphabet: 'bech32', length: '67-69' } },
  // Sumokoin: base58 starting "Sumo", 99 characters (integrated and sub-addresses differ in length).
  sumo: { pattern: new RegExp(`^(Sumo|Subo|Suso)${BASE58}{90,105}$`), shape: 'Sumo…, base58, 94-109 characters', parts: { prefixes: ['Sumo', 'Subo', 'Suso'], alphabet: 'base58', length: '94-109' } },
  // Zephyr: base58 starting "ZEPHYR" (standard), "ZEPHs" (sub-address) or "ZEPHi" (integrated).
  zeph: { pattern: new RegExp(`^ZEPH(YR|s|i)${BASE58}{85,110}$`), shape: 'ZEPHYR…, base58, about 95 characters', parts: { prefixes: ['ZEPHYR', 'ZEPHs', 'ZEPHi'], alphabet: 'base58', length: '90-116' } },
  // Aleo: bech32m with the "aleo" prefix, 63 characters in all.
  aleo: { pattern: new RegExp(`^aleo1${BECH32}{58}$`), shape: 'aleo1 + 58 bech32 characters', parts: { prefixes: ['aleo1'], alphabet: 'bech32', length: '63' } },
  // Tari: base58 of the dual address (about 91 characters), or the older 66-hex-digit address.
  xtm: { pattern: new RegExp(`^(${BASE58}{80,100}|[0-9a-f]{66})$`), shape: 'base58, 80-100 characters', parts: { prefixes: [], alphabet: 'base58', length: '80-100' } },
};

/** Whether `address` has the format of a wallet address of the address-mode coin `coin`. */
export function isValidMiningAddress(coin: string, address: string): boolean {
  return MINING_ADDRESS_FORMATS[coin]?.pattern.test(address) ?? false;
}
