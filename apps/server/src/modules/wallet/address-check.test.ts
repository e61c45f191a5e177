import { createECDH } from 'node:crypto';
import { payments } from 'bitcoinjs-lib';
import { describe, expect, it } from 'vitest';
import { CHAIN_NETWORK_NAMES, NETWORK_COINS, type ChainNetwork, type NetworkCoin } from '../../config';
import { checkWithdrawAddress } from './address-check';
import { networkParams } from './chain-networks';

const base58 = (n: number) => '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'.repeat(4).slice(0, n);

describe('withdraw address check', () => {
  // An address that mines an address-mode coin can be withdrawn to, and a malformed one cannot:
  // these once had formats of their own here that disagreed with the mining check (sumo's
  // "Suso" prefix, xtm's length, alph's P2SH length).
  it.each([
    ['sumo', `Suso${base58(95)}`],
    ['xtm', base58(91)],
    ['alph', base58(58)],
    ['kas', 'kaspa:qqkqkzjvr7zwxxmjxjkmxxdwju9kjs6e9u82uh59z07vgaks6gg62v8707g73'],
    ['aleo', 'aleo1rhgdu77hgyqd3xjj8ucu3jj9r2krwz6mnzyd80gncr5fxcwlh5rsvzp9px'],
  ])('accepts a %s address that can mine', (coin, address) => expect(checkWithdrawAddress(coin, address, undefined, false)).toEqual({ ok: true }));

  it.each([
    ['xtm', base58(50)],
    ['alph', `0${base58(44)}`],
    ['aleo', 'aleo1bhgdu77hgyqd3xjj8ucu3jj9r2krwz6mnzyd80gncr5fxcwlh5rsvzp9px'],
  ])('refuses a malformed %s address', (coin, address) => expect(checkWithdrawAddress(coin, address, undefined, false)).toEqual({ ok: false, error: 'address_invalid' }));

  it('checks a bitcoin address by its checksum', () => {
    expect(checkWithdrawAddress('btc', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', undefined, false).ok).toBe(true);
    expect(checkWithdrawAddress('btc', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', undefined, false).ok).toBe(false);
  });
});

// The bitcoin family is checked against the network its node is on
// (CHAIN_NETWORKS). Real addresses of each network, and regtest ones made here with bitcoinjs-lib
// from a fixed key (regtest has no public addresses to copy).
describe('withdraw address check by network', () => {
  const ecdh = createECDH('secp256k1');
  ecdh.setPrivateKey(Buffer.alloc(32, 7));
  const pubkey = new Uint8Array(ecdh.getPublicKey(undefined, 'compressed'));
  const made = (coin: NetworkCoin, network: ChainNetwork) => {
    const net = networkParams(coin, network);
    const p2pkh = payments.p2pkh({ pubkey, network: net }).address!;
    const p2sh = payments.p2sh({ redeem: payments.p2wpkh({ pubkey, network: net }), network: net }).address!;
    const segwit = coin === 'doge' ? [] : [payments.p2wpkh({ pubkey, network: net }).address!];
    return [p2pkh, p2sh, ...segwit];
  };
  const REAL: Record<NetworkCoin, Partial<Record<ChainNetwork, string[]>>> = {
    btc: {
      mainnet: ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297'],
      testnet: ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
    },
    ltc: {
      mainnet: ['LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9', 'MTf4tP1TCNBn8dNkyxeBVoPrFCcVzxJvvh', 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea', '3MSvaVbVFFLML86rt5eqgA9SvW23upaXdY'],
      testnet: ['mzBc4XEFSdzCDcTxAgf6EZXgsZWpztRhef', 'QW2SvwjaJU8LD6GSmtm1PHnBG2xPuxwZFy', 'tltc1qu78xur5xnq6fjy83amy0qcjfau8m367defyhms'],
    },
    doge: { mainnet: ['DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L', 'A7JjzK9k9x5b2MkkQzqt91WZsuu7wTu6iS'] },
  };
  const of = (coin: NetworkCoin, network: ChainNetwork) => [...(REAL[coin][network] ?? []), ...made(coin, network)];

  it('makes the regtest addresses each coin\'s nodes make', () => {
    expect(made('btc', 'regtest')[2]).toMatch(/^bcrt1q/);
    expect(made('ltc', 'regtest')[2]).toMatch(/^rltc1q/);
    expect(made('ltc', 'regtest')[1]).toMatch(/^Q/);
    expect(made('ltc', 'mainnet')[0]).toMatch(/^L/);
    expect(made('doge', 'mainnet')[0]).toMatch(/^D/);
    expect(made('doge', 'testnet')[0]).toMatch(/^n/);
  });

  it.each(NETWORK_COINS.flatMap((coin) => CHAIN_NETWORK_NAMES.map((network) => [coin, network] as const)))('%s on %s accepts its own addresses and refuses main-network ones elsewhere', (coin, network) => {
    const networks = { [coin]: network };
    for (const address of of(coin, network)) expect(checkWithdrawAddress(coin, address, undefined, false, networks), address).toEqual({ ok: true });
    // A main-network address on a test pool, and a test one on a main-network pool, name the pool's network.
    const others = network === 'mainnet' ? [...of(coin, 'testnet'), ...of(coin, 'regtest')] : of(coin, 'mainnet');
    for (const address of others) expect(checkWithdrawAddress(coin, address, undefined, false, networks), address).toEqual({ ok: false, error: 'address_wrong_network', network });
  });

  it('tells a regtest bech32 address from a testnet one (their base58 addresses are the same)', () => {
    const [, , testnetSegwit] = made('ltc', 'testnet');
    expect(checkWithdrawAddress('ltc', testnetSegwit!, undefined, false, { ltc: 'regtest' }).error).toBe('address_wrong_network');
    expect(checkWithdrawAddress('btc', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', undefined, false, { btc: 'regtest' }).error).toBe('address_wrong_network');
    expect(checkWithdrawAddress('ltc', made('ltc', 'regtest')[0]!, undefined, false, { ltc: 'testnet' })).toEqual({ ok: true });
  });

  it('is on mainnet for a coin CHAIN_NETWORKS does not name', () => {
    expect(checkWithdrawAddress('ltc', made('ltc', 'regtest')[2]!, undefined, false, { btc: 'regtest' }).error).toBe('address_wrong_network');
    expect(checkWithdrawAddress('ltc', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9', undefined, false)).toEqual({ ok: true });
  });

  it('refuses a broken checksum, another coin\'s address and bech32 for dogecoin as invalid', () => {
    expect(checkWithdrawAddress('ltc', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH8', undefined, false).error).toBe('address_invalid');
    expect(checkWithdrawAddress('doge', 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9', undefined, false).error).toBe('address_invalid');
    expect(checkWithdrawAddress('doge', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', undefined, false).error).toBe('address_invalid');
    expect(checkWithdrawAddress('btc', made('ltc', 'regtest')[2]!, undefined, false, { btc: 'regtest' }).error).toBe('address_invalid');
  });
});
