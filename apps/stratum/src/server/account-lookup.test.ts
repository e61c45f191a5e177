import { describe, expect, it } from 'vitest';
import { silentLogger } from '../log.js';
import { AccountLookup } from './account-lookup.js';

describe('AccountLookup', () => {
  it('asks the pool once, caches a yes for 5 minutes and a no for 30 seconds', async () => {
    let t = 0;
    const asked: string[] = [];
    const lookup = new AccountLookup({
      poolUrl: 'http://pool', ingestKey: 'k'.repeat(16), log: silentLogger, now: () => t,
      fetchImpl: (async (url: string) => {
        asked.push(url);
        return new Response(JSON.stringify({ code: 0, data: { exists: url.endsWith('/myfarm01') } }));
      }) as unknown as typeof fetch,
    });
    expect(await Promise.all([lookup.check('MyFarm01'), lookup.check('myfarm01')])).toEqual(['exists', 'exists']);
    expect(await lookup.check('nobody99')).toBe('unknown');
    expect(asked).toEqual(['http://pool/api/internal/accounts/myfarm01', 'http://pool/api/internal/accounts/nobody99']);
    t = 31_000;
    await lookup.check('myfarm01');
    await lookup.check('nobody99');
    expect(asked).toHaveLength(3);
    t = 301_000;
    await lookup.check('myfarm01');
    expect(asked).toHaveLength(4);
  });

  it('lets a login through when the pool cannot answer', async () => {
    const lookup = new AccountLookup({
      poolUrl: 'http://pool', ingestKey: 'k'.repeat(16), log: silentLogger,
      fetchImpl: (async () => { throw new TypeError('fetch failed'); }) as unknown as typeof fetch,
    });
    expect(await lookup.check('myfarm01')).toBe('unverified');
  });
});
