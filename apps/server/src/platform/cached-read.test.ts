import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedRead } from './cached-read';

describe('cachedRead', () => {
  afterEach(() => vi.useRealTimers());

  it('reads once for the callers of a period, and again after it', async () => {
    vi.useFakeTimers();
    let reads = 0;
    const get = cachedRead(10_000, async () => ++reads);
    expect(await Promise.all([get(), get(), get()])).toEqual([1, 1, 1]);
    vi.advanceTimersByTime(9_999);
    expect(await get()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await get()).toBe(2);
    expect(reads).toBe(2);
  });

  it('reads again after invalidate()', async () => {
    let reads = 0;
    const get = cachedRead(10_000, async () => ++reads);
    expect(await get()).toBe(1);
    get.invalidate();
    expect(await get()).toBe(2);
  });

  it('does not keep a failed read', async () => {
    vi.useFakeTimers();
    let reads = 0;
    const get = cachedRead(10_000, async () => {
      reads += 1;
      if (reads === 1) throw new Error('database away');
      return reads;
    });
    await expect(get()).rejects.toThrow('database away');
    expect(await get()).toBe(2);
  });
});
