import { vi } from 'vitest';

/** Waits until `cond` holds, checking every intervalMs; fails the test after timeoutMs (vitest's waitUntil). */
export async function until(cond: () => boolean, timeoutMs = 5000, intervalMs = 10): Promise<void> {
  await vi.waitUntil(cond, { timeout: timeoutMs, interval: intervalMs });
}
