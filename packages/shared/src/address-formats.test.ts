import { describe, expect, it } from 'vitest';
import { isValidMiningAddress, MINING_ADDRESS_FORMATS } from './address-formats';

const base58 = (n: number) => '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'.repeat(4).slice(0, n);

describe('mining address formats', () => {
  // Published example addresses where the coin's documentation has one; format-shaped otherwise.
  const good: Array<[string, string]> = [
    ['aleo', 'aleo1rhgdu77hgyqd3xjj8ucu3jj9r2krwz6mnzyd80gncr5fxcwlh5rsvzp9px'],
    ['kas', 'kaspa:qqkqkzjvr7zwxxmjxjkmxxdwju9kjs6e9u82uh59z07vgaks6gg62v8707g73'],
    ['alph', '1DrDyTr9RpRsQnDnXo2YRiPzPW4ooHX5LLoqXrqfMrpQH'],
    ['zeph', `ZEPHYR${base58(89)}`],
    ['sumo', `Sumo${base58(95)}`],
    ['xtm', base58(91)],
  ];
  it.each(good)('accepts a %s address', (coin, address) => expect(isValidMiningAddress(coin, address)).toBe(true));

  const bad: Array<[string, string]> = [
    ['aleo', 'aleo1rhgdu77hgyqd3xjj8ucu3jj9r2krwz6mnzyd80gncr5fxcwlh5rsvzp9p'], // one short
    ['aleo', 'aleo1bhgdu77hgyqd3xjj8ucu3jj9r2krwz6mnzyd80gncr5fxcwlh5rsvzp9px'], // "b" is not bech32
    ['kas', 'kaspa:'],
    ['kas', 'kaspatest:qqkqkzjvr7zwxxmjxjkmxxdwju9kjs6e9u82uh59z07vgaks6gg62v8707g73'],
    ['alph', `0${base58(44)}`], // "0" is not base58
    ['zeph', `ZEPHIR${base58(89)}`],
    ['sumo', base58(99)],
    ['xtm', 'tari'],
    ['btc', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'], // not an address-mode coin
  ];
  it.each(bad)('refuses a malformed %s address', (coin, address) => expect(isValidMiningAddress(coin, address)).toBe(false));

  // The info page states each format in parts (prefix, alphabet, length): they say what the check does.
  it.each(Object.entries(MINING_ADDRESS_FORMATS))('describes the %s format truly', (coin, format) => {
    const { prefixes, alphabet, length } = format.parts;
    const [min, max = min] = length.split('-').map(Number) as [number, number?];
    const fill = alphabet === 'bech32' ? 'q' : 'z';
    const make = (prefix: string, n: number) => prefix + fill.repeat(n - prefix.length);
    for (const prefix of prefixes.length > 0 ? prefixes : ['']) {
      // Each prefix reaches some length in the range; none outside it passes.
      const lengths = Array.from({ length: max - min + 1 }, (_, i) => min + i);
      expect(lengths.some((n) => isValidMiningAddress(coin, make(prefix, n))), `${coin} ${prefix}`).toBe(true);
      expect(isValidMiningAddress(coin, make(prefix, min - 1)), `${coin} ${prefix} ${min - 1}`).toBe(false);
      expect(isValidMiningAddress(coin, make(prefix, max + 1)), `${coin} ${prefix} ${max + 1}`).toBe(false);
    }
  });
});
