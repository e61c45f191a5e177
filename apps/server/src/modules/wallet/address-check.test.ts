import { describe, expect, it } from 'vitest';
import { checkWithdrawAddress } from './address-check';

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
