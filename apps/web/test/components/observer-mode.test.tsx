// Observer mode in the frame: a tab holding an observer token shows the banner naming the observed
// sub-account, keeps the token in the address while the visitor moves, opens only the link's pages
// (whoever is logged in), and "Leave observer view" ends the mode. The token's info
// (GET /users/observer/info) is put in the cache; nothing is fetched.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { observerPaths, type ObserverInfo, type ObserverPermission } from '@hashpool/shared';
import { RouteGuard } from '../../src/app/RouteGuard';
import { ObserverBanner, ObserverKeeper } from '../../src/features/observers';
import { getObserverToken, setObserverToken } from '../../src/shell/session/observer';
import { renderAt } from './render';

let n = 0;

/** A fresh token per test (a left token is not taken up again from the address). */
function observe(permission: ObserverPermission): { token: string; cached: [readonly unknown[], unknown] } {
  const token = `observer-token-${++n}`;
  const info: ObserverInfo = { nickname: 'Family', account: 'demofarm01', coin: 'btc', permission, pages: observerPaths(permission), expires_at: null };
  return { token, cached: [['observer', token, 'info'], info] };
}

const frame = (
  <>
    <ObserverKeeper />
    <ObserverBanner />
  </>
);

const shownAt = async () => (await screen.findByTestId('location')).textContent;

afterEach(() => {
  act(() => setObserverToken(null));
});

/** Opens a link as a page load does: observer.ts takes the token from the address before the first render. */
function openLink(path: string, token: string, cached: [readonly unknown[], unknown]) {
  act(() => setObserverToken(token));
  return renderAt(`${path}?observer_token=${token}`, { frame, guard: <RouteGuard />, cached: [cached] });
}

describe('observer mode', () => {
  it('names the observed sub-account and the link in a banner', async () => {
    const { token, cached } = observe('read_only');
    openLink('/pool/btc/home', token, cached);
    // The banner's code loads lazily (off everyone's first screen): the first time takes a while.
    const banner = await screen.findByTestId('observer-banner', undefined, { timeout: 10_000 });
    expect(getObserverToken()).toBe(token);
    expect(banner.textContent).toContain('You are viewing sub-account demofarm01 as an observer (read-only)');
    expect(banner.textContent).toContain('Observer link "Family"');
    expect(await shownAt()).toBe(`/pool/btc/home?observer_token=${token}`);
  });

  it('keeps the token in the address on a page reached without it', async () => {
    const { token, cached } = observe('read_only');
    act(() => setObserverToken(token));
    renderAt('/pool/btc/home', { frame, guard: <RouteGuard />, cached: [cached] });
    await waitFor(async () => expect(await shownAt()).toBe(`/pool/btc/home?observer_token=${token}`));
  });

  it("opens only the link's pages: a read-only link has no workers page", async () => {
    const { token, cached } = observe('read_only');
    openLink('/pool/btc/miner', token, cached);
    await waitFor(async () => expect(await shownAt()).toBe(`/?observer_token=${token}`));
  });

  it('a pool link opens the workers page, and no page of the account', async () => {
    const { token, cached } = observe('pool');
    const { router } = openLink('/pool/btc/miner', token, cached);
    expect(await shownAt()).toBe(`/pool/btc/miner?observer_token=${token}`);
    await act(() => router.navigate(`/user/setting?observer_token=${token}`));
    await waitFor(async () => expect(await shownAt()).toBe(`/?observer_token=${token}`));
  });

  it('"Leave observer view" goes home and ends the mode', async () => {
    const { token, cached } = observe('read_only');
    openLink('/pool/btc/home', token, cached);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Leave observer view' }, { timeout: 10_000 }));
    await waitFor(async () => expect(await shownAt()).toBe('/'));
    expect(getObserverToken()).toBeNull();
    expect(screen.queryByTestId('observer-banner')).toBeNull();
  });
});
