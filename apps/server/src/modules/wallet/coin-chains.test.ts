// The per-coin chain router: each call goes to the coin's chain; a disabled coin gives no address,
// refuses a send (nothing sent, so the withdrawal's funds return), cannot tell whether a lost send
// went out, and holds nothing.
import { describe, expect, it } from 'vitest';
import type { ChainKind } from '../../config';
import { ChainRefusal, SendOutcomeUnknown, type ChainAdapter, type SimulatedChain } from './chain';
import { CoinChains } from './coin-chains';

function fake(name: string): ChainAdapter {
  return {
    kind: name,
    depositAddress: async (coin) => `${name}-${coin}`,
    incoming: async (coin, addresses) => [...addresses].map((address) => ({ txid: `${name}-${coin}`, vout: 0, address, amount: '1', confirmations: 1 })),
    incomingDepth: async () => (name === 'node' ? -7 : 3),
    send: async (coin) => `${name}-tx-${coin}`,
    findSent: async (coin) => `${name}-found-${coin}`,
    sendInProgress: async () => false,
    outcome: async () => ({ state: 'confirmed' }),
    custody: async (coins) => new Map(coins.map((c) => [c, name])),
    coinbaseMatured: async () => {},
    checkCoinbase: async () => ({ state: 'held', reason: 'not_in_chain', detail: name }),
  };
}

const KINDS: Record<string, ChainKind> = { btc: 'simulated', ltc: 'jsonrpc', doge: 'disabled' };
const chains = new CoinChains((coin) => KINDS[coin]!, fake('sim') as SimulatedChain, fake('node'));

describe('CoinChains', () => {
  it('sends each coin\'s calls to its own chain', async () => {
    expect(await chains.depositAddress('btc', 'a')).toBe('sim-btc');
    expect(await chains.depositAddress('ltc', 'a')).toBe('node-ltc');
    expect(await chains.send('ltc', 'addr', '1', 'ref')).toBe('node-tx-ltc');
    expect([await chains.incomingDepth('ltc', 'tx'), await chains.incomingDepth('btc', 'tx')]).toEqual([-7, 3]);
    expect([...(await chains.custody(['btc', 'ltc', 'doge']))]).toEqual([['btc', 'sim'], ['ltc', 'node']]);
    const block = { hash: 'ab', height: 1, reward: '1' };
    expect(await chains.checkCoinbase('ltc', block)).toMatchObject({ detail: 'node' });
    expect(await chains.checkCoinbase('btc', block)).toMatchObject({ detail: 'sim' });
  });

  it('a disabled coin has no chain: no address, a refused send, nothing incoming or held', async () => {
    expect(chains.enabled('doge')).toBe(false);
    await expect(chains.depositAddress('doge', 'a')).rejects.toMatchObject({ key: 'deposit_disabled' });
    await expect(chains.send('doge', 'addr', '1', 'ref')).rejects.toBeInstanceOf(ChainRefusal);
    expect(await chains.incoming('doge', new Set(['x']))).toEqual([]);
    expect(await chains.incomingDepth('doge', 'tx')).toBeNull();
    // A lost send of it may have gone out: not known, so it is neither sent again nor failed.
    await expect(chains.findSent('doge', 'ref', new Date())).rejects.toBeInstanceOf(SendOutcomeUnknown);
    expect(await chains.outcome('doge', 'tx')).toEqual({ state: 'pending' });
    // Its blocks are the pool's word, as before it had a chain.
    expect(await chains.checkCoinbase('doge', { hash: 'ab', height: 1, reward: '1' })).toEqual({ state: 'ok' });
  });
});
