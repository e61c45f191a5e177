// Observer mode of the web (shell/session/observer.ts): which calls carry the token, and how a
// token in the address starts the mode and leaving ends it.
import { afterEach, describe, expect, it } from 'vitest';
import { isObserverApiPath, OBSERVER_PAGES } from '@hashpool/shared';
import { adoptsObserverToken, carriesObserverToken, getObserverToken, leaveObserverView, observerTokenIn, setObserverToken } from '../src/shell/session/observer';

afterEach(() => setObserverToken(null));

describe('observer mode', () => {
  it('reads the token from a query string', () => {
    expect(observerTokenIn('?observer_token=abc&x=1')).toBe('abc');
    expect(observerTokenIn('?x=1')).toBeNull();
    expect(observerTokenIn('?observer_token=')).toBeNull();
  });

  it("knows the observer pages' API paths from the shared table, and nothing else", () => {
    for (const page of Object.values(OBSERVER_PAGES)) {
      for (const route of page.api) expect(isObserverApiPath(route.replace(':pool', 'btc').replace(':account', 'farm01').replace(':miner', '7')), route).toBe(true);
    }
    expect(isObserverApiPath('/pools/btc/accounts/farm01/alert-settings')).toBe(false);
    expect(isObserverApiPath('/users/mine')).toBe(false);
    expect(isObserverApiPath('/pools/btc/accounts/farm01/stats/extra')).toBe(false);
  });

  it("sends the token with the observer pages' reads and every change, only in observer mode", () => {
    expect(carriesObserverToken('GET', '/pools/btc/accounts/farm01/stats')).toBe(false);
    setObserverToken('t0ken');
    expect(carriesObserverToken('GET', '/pools/btc/accounts/farm01/stats')).toBe(true);
    expect(carriesObserverToken('GET', '/users/observer/info')).toBe(true);
    expect(carriesObserverToken('GET', '/users/mine')).toBe(false);
    expect(carriesObserverToken('GET', '/pools/coin-pages')).toBe(false);
    expect(carriesObserverToken('POST', '/pools/btc/miners/groups')).toBe(true);
    expect(carriesObserverToken('PUT', '/users/settings')).toBe(true);
  });

  it('leaving ends the mode and the same token in the address does not bring it back; another does', () => {
    setObserverToken('first');
    leaveObserverView();
    expect(getObserverToken()).toBeNull();
    expect(adoptsObserverToken('first')).toBe(false);
    expect(adoptsObserverToken('second')).toBe(true);
    expect(adoptsObserverToken(null)).toBe(false);
  });
});
