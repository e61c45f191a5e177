// The localStorage lock that stands in for navigator.locks on insecure origins.
import { describe, expect, it } from 'vitest';
import { encodeLock } from '../src/shell/api/refresh-rules';
import { withStorageLock, type LockStorage } from '../src/shell/api/refresh-lock';

function storage(): LockStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('withStorageLock', () => {
  it('lets one holder in at a time', async () => {
    const s = storage();
    let inside = 0;
    let most = 0;
    const work = () =>
      withStorageLock(s, 'lock', async () => {
        inside++;
        most = Math.max(most, inside);
        await sleep(30);
        inside--;
      });
    await Promise.all([work(), work(), work()]);
    expect(most).toBe(1);
    expect(s.data.has('lock')).toBe(false);
  });

  it('takes over a lock left by a tab that went away (expired)', async () => {
    const s = storage();
    s.setItem('lock', encodeLock({ owner: 'closed-tab', expiresAt: Date.now() - 1 }));
    const started = Date.now();
    expect(await withStorageLock(s, 'lock', async () => 'ran')).toBe('ran');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('releases the lock when the work fails', async () => {
    const s = storage();
    await expect(withStorageLock(s, 'lock', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(s.data.has('lock')).toBe(false);
  });

  it('does not remove a lock another tab holds now', async () => {
    const s = storage();
    await withStorageLock(s, 'lock', async () => {
      // Our lock expired during the work and another tab took it.
      s.setItem('lock', encodeLock({ owner: 'other', expiresAt: Date.now() + 60_000 }));
    });
    expect(s.data.get('lock')).toMatch(/^other:/);
  });
});
