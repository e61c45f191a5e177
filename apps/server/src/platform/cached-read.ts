// A read of something that changes rarely (an operator's settings) asked by busy public pages:
// done at most once per `ttlMs` by this process, the callers in between share it (one query for
// all of them). A failed read is not kept. A change shows within `ttlMs` here and on every other
// instance, so use it only where that delay is harmless: what a page shows, never what decides an
// amount of money (settlement and payouts read the settings themselves).
// `invalidate()` forgets the value at once: the writer of a setting calls it, so that this
// instance shows its own change at the next read.
export function cachedRead<T>(ttlMs: number, read: () => Promise<T>): (() => Promise<T>) & { invalidate: () => void } {
  let value: Promise<T> | undefined;
  let readAt = 0;
  const get = () => {
    const now = performance.now();
    if (value && now - readAt < ttlMs) return value;
    readAt = now;
    const current = read();
    value = current;
    current.catch(() => {
      if (value === current) value = undefined;
    });
    return current;
  };
  return Object.assign(get, {
    invalidate: () => {
      value = undefined;
    },
  });
}
