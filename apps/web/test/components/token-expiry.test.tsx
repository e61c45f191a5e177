// The reaction to an expired access token (40001; shell/api/token-expiry.ts) with the session in
// jsdom's storage and the refresher replaced: a page's calls that meet 40001 together refresh once
// and reload, the later ones reload without ending the session, and only a token refused straight
// after its own reload ends it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/shell/api/api-error';

const refresh = vi.fn<() => Promise<string>>();
vi.mock('../../src/shell/api/session-refresh', () => ({ refresher: { refresh } }));

const { handleTokenExpired } = await import('../../src/shell/api/token-expiry');
const { readSession, writeSession } = await import('../../src/shell/session/session');

const expired = new ApiError({ kind: 'server', status: 400, code: 40001, msg: 'token expired' });
const tokens = (token: string) => ({ token, refreshToken: `refresh-${token}`, expiry: Date.now() + 40_000, issuedAt: Date.now() });
const login = (token: string) => writeSession(tokens(token), 'login');
/** The refresher stores `token` and answers refreshed, as a refresh that the server granted. */
const refreshesTo = (token: string) =>
  refresh.mockImplementation(async () => {
    writeSession(tokens(token), 'refresh');
    return 'refreshed';
  });

describe('an expired token', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    refresh.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('is refreshed, then the page reloads', async () => {
    login('old');
    refreshesTo('new');
    const reloadPage = vi.fn();
    void handleTokenExpired(expired, 'old', reloadPage);
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(readSession()?.token).toBe('new');
  });

  it('met by a second call after the first one refreshed and started the reload: reloads, the session kept', async () => {
    login('old');
    refreshesTo('new');
    const reloadPage = vi.fn();
    void handleTokenExpired(expired, 'old', reloadPage);
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    // The page has not gone yet when the second call's 40001 arrives, made with the old token.
    void handleTokenExpired(expired, 'old', reloadPage);
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(2));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(readSession()?.token).toBe('new');
  });

  it('refused again straight after its own reload: the session ends instead of looping', async () => {
    login('old');
    refreshesTo('new');
    const reloadPage = vi.fn();
    void handleTokenExpired(expired, 'old', reloadPage);
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    // The reloaded page's call, made with the new token, refused at once.
    await handleTokenExpired(expired, 'new', reloadPage);
    expect(readSession()).toBeNull();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('without a refresh token: the session ends', async () => {
    writeSession({ token: 'only', refreshToken: null, expiry: null, issuedAt: null }, 'login');
    const reloadPage = vi.fn();
    await handleTokenExpired(expired, 'only', reloadPage);
    expect(readSession()).toBeNull();
    expect(refresh).not.toHaveBeenCalled();
  });
});
