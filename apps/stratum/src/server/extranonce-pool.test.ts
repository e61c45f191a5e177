import { describe, expect, it } from 'vitest';
import { ExtranoncePool, type SessionMemory } from './extranonce-pool.js';

const memory = (port = 3333): SessionMemory => ({ port, difficulty: 16, jobs: new Map([['1a', 16]]), sent: ['1a'] });

describe('extranonce pool', () => {
  it('gives a resumed extranonce1 back with what its connection was sent, on the same port, once', () => {
    const pool = new ExtranoncePool(7);
    const { extranonce1 } = pool.allocate(undefined, 3333, 0)!;
    expect(extranonce1).toMatch(/^07[0-9a-f]{6}$/);
    pool.release(extranonce1, memory(), 1_000);
    expect(pool.allocate(extranonce1, 3334, 2_000)!.extranonce1).not.toBe(extranonce1); // another port: a new one
    const resumed = pool.allocate(extranonce1, 3333, 2_000)!;
    expect(resumed).toEqual({ extranonce1, memory: memory() });
    expect(pool.allocate(extranonce1, 3333, 2_000)!.extranonce1).not.toBe(extranonce1); // held by the resumed connection
  });

  it('does not give back an extranonce1 nothing is remembered of: not sent a job, forgotten after 5 minutes, or another prefix', () => {
    const pool = new ExtranoncePool(7);
    const idle = pool.allocate(undefined, 3333, 0)!.extranonce1;
    pool.release(idle, undefined, 0);
    expect(pool.allocate(idle, 3333, 0)!.extranonce1).not.toBe(idle);
    const old = pool.allocate(undefined, 3333, 0)!.extranonce1;
    pool.release(old, memory(), 0);
    expect(pool.remembered()).toBe(1);
    expect(pool.allocate(old, 3333, 5 * 60_000)!.extranonce1).not.toBe(old);
    expect(pool.remembered()).toBe(0);
    expect(pool.allocate('08000000', 3333, 0)!.extranonce1.startsWith('07')).toBe(true);
  });

  it('keeps at most 10,000 memories, the newest', () => {
    const pool = new ExtranoncePool(0);
    const first = pool.allocate(undefined, 3333, 0)!.extranonce1;
    pool.release(first, memory(), 0);
    for (let i = 0; i < 10_000; i++) pool.release(pool.allocate(undefined, 3333, 0)!.extranonce1, memory(), 0);
    expect(pool.remembered()).toBe(10_000);
    expect(pool.allocate(first, 3333, 0)!.extranonce1).not.toBe(first);
  });
});
