// The refresher loads with the API client's first call made with a session (shell/api/client.ts).
// If its chunk cannot load (a new deployment, the network), the session must end as a logout
// would and the call go on without it: never a call, or a page, left waiting.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../src/shell/storage-keys';

const exchange = vi.fn();
vi.mock('../src/shell/api/transport', () => ({ API_BASE: '/api', API_TIMEOUT_MS: 1, exchange, download: vi.fn(), send: vi.fn() }));

const ensureFresh = vi.fn(async () => undefined);
const handleTokenExpired = vi.fn(async () => undefined);

/** The refresher's module as the client's dynamic import finds it: loadable, or a chunk that fails. */
function refresherLoads(loads: boolean) {
  vi.resetModules();
  vi.doMock('../src/shell/api/token-expiry', () => {
    if (!loads) throw new Error('Failed to fetch dynamically imported module');
    return { refresher: { ensureFresh }, handleTokenExpired };
  });
}

async function loadClient(loads = true) {
  refresherLoads(loads);
  const client = await import('../src/shell/api/client');
  const { ApiError } = await import('../src/shell/api/api-error');
  const { setErrorPresenter } = await import('../src/shell/api/error-presenter');
  setErrorPresenter(() => undefined);
  return { ...client, ApiError };
}

describe('the refresher loaded on demand', () => {
  const stored = new Map<string, string>();
  beforeEach(() => {
    stored.clear();
    stored.set(STORAGE_KEYS.token, 'access');
    stored.set(STORAGE_KEYS.refreshToken, 'refresh');
    vi.stubGlobal('localStorage', { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v), removeItem: (k: string) => void stored.delete(k) });
    exchange.mockReset();
    ensureFresh.mockClear();
    handleTokenExpired.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('checks the session before a call when it loads', async () => {
    const { api } = await loadClient();
    exchange.mockResolvedValue({ data: 'ok' });
    await expect(api.get('/x')).resolves.toBe('ok');
    expect(ensureFresh).toHaveBeenCalledOnce();
    expect(exchange.mock.calls[0]?.[2]).toMatchObject({ token: 'access' });
  });

  it('is not loaded for a call without a session', async () => {
    stored.clear();
    const { api } = await loadClient(false);
    exchange.mockResolvedValue({ data: 'ok' });
    await expect(api.get('/x')).resolves.toBe('ok');
    expect(exchange.mock.calls[0]?.[2]).toMatchObject({ token: null });
  });

  it('ends the session and makes the call logged out when it cannot load', async () => {
    const { api } = await loadClient(false);
    exchange.mockResolvedValue({ data: 'ok' });
    await expect(api.get('/x')).resolves.toBe('ok');
    expect(exchange.mock.calls[0]?.[2]).toMatchObject({ token: null });
    expect(stored.has(STORAGE_KEYS.token)).toBe(false);
  });

  it('ends the session and fails the call on an expired token when it cannot load', async () => {
    const { api, ApiError } = await loadClient();
    refresherLoads(false); // a client loaded before the chunk became unreachable
    exchange.mockRejectedValue(new ApiError({ kind: 'server', status: 400, code: 40001 }));
    await expect(api.get('/x')).rejects.toMatchObject({ code: 40001 });
    expect(handleTokenExpired).not.toHaveBeenCalled();
    expect(stored.has(STORAGE_KEYS.token)).toBe(false);
  });
});
