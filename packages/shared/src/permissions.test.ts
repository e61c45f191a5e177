import { describe, it, expect } from 'vitest';
import { PERMISSIONS, holdsAny } from './permissions';

describe('PERMISSIONS', () => {
  it('lists the seven permission strings of docs/rules.md, Routes and access, once each', () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    expect([...PERMISSIONS].sort()).toEqual(
      ['account.view', 'contract.view', 'miner.view', 'pool.view', 'recommend.view', 'user.view', 'wallet.view'],
    );
  });
});

describe('holdsAny', () => {
  it('unlocks an element that requires nothing, even for a user holding nothing', () => {
    expect(holdsAny([], [])).toBe(true);
    expect(holdsAny(['pool.view'], [])).toBe(true);
  });

  it('locks an element from a user holding nothing', () => {
    expect(holdsAny([], ['pool.view'])).toBe(false);
  });

  it('unlocks when at least one of the required permissions is held', () => {
    expect(holdsAny(['pool.view'], ['wallet.view', 'pool.view'])).toBe(true);
    expect(holdsAny(['miner.view', 'wallet.view'], ['wallet.view'])).toBe(true);
  });

  it('locks when none of the required permissions is held', () => {
    expect(holdsAny(['pool.view', 'miner.view'], ['wallet.view', 'user.view'])).toBe(false);
  });

  it('matches whole strings only: no case folding, no prefixes', () => {
    expect(holdsAny(['POOL.VIEW'], ['pool.view'])).toBe(false);
    expect(holdsAny(['pool'], ['pool.view'])).toBe(false);
    expect(holdsAny(['pool.view.extra'], ['pool.view'])).toBe(false);
  });
});
