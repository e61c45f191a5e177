// Remembers signature nonces for the signature's validity window, so a captured signed request
// cannot be sent again. In process by default; in Redis when several API instances run.
import type { Redis } from 'ioredis';

export interface ReplayGuard {
  /** True the first time a nonce is seen within `ttlSeconds`, false after. */
  firstUse(nonce: string, ttlSeconds: number): Promise<boolean>;
}

export class MemoryReplayGuard implements ReplayGuard {
  private readonly seen = new Map<string, number>();
  constructor(private readonly now: () => number) {}

  async firstUse(nonce: string, ttlSeconds: number): Promise<boolean> {
    const now = this.now();
    if (this.seen.size > 10_000) {
      for (const [key, expires] of this.seen) if (expires <= now) this.seen.delete(key);
    }
    const expires = this.seen.get(nonce);
    if (expires !== undefined && expires > now) return false;
    this.seen.set(nonce, now + ttlSeconds * 1000);
    return true;
  }
}

export class RedisReplayGuard implements ReplayGuard {
  constructor(private readonly redis: Redis) {}

  async firstUse(nonce: string, ttlSeconds: number): Promise<boolean> {
    const result = await this.redis.set(`hp:nonce:${nonce}`, '1', 'EX', ttlSeconds, 'NX');
    return result === 'OK';
  }
}
