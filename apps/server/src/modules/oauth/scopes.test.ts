import { describe, expect, it } from 'vitest';
import { permissionsForRoute } from './scopes';

describe('permissionsForRoute', () => {
  it('opens the earnings reads with transactions only', () => {
    expect(permissionsForRoute('/api/pools/:pool/accounts/:account/profits', ['transactions'])).toEqual(['pool.view']);
    expect(permissionsForRoute('/api/pools/:pool/accounts/:account/profits/stats', ['mining'])).toEqual([]);
    expect(permissionsForRoute('/api/accounts/:account/pay-method', ['transactions'])).toEqual(['pool.view']);
  });
  it('opens the pool reads with mining only', () => {
    expect(permissionsForRoute('/api/pools/:pool/accounts/:account/hashrates', ['mining'])).toEqual(['pool.view', 'miner.view']);
    expect(permissionsForRoute('/api/pools/:pool/accounts/:account/miners', ['transactions', 'profile'])).toEqual([]);
  });
  it('opens nothing for identity scopes alone', () => {
    expect(permissionsForRoute('/api/pools/:pool/accounts/:account/stats', ['openid', 'profile', 'email'])).toEqual([]);
  });
});
