// Counts recent failures per key (a login identifier, a user's pay password) within a window. After a few, login asks
// for a captcha on every further try instead of locking the account: an attacker can make the
// owner solve a captcha, never keep the owner out (docs/security.md item 4).
//
// The counts live where every instance sees them and a restart keeps them (item 38): in Redis
// when the app has one (REDIS_URL), otherwise in the database. Never in process memory, where a
// restart, or a second instance behind the balancer, would give an attacker a fresh count. Keys
// are stored as SHA-256 hashes: no email address in Redis or in the table, and a bounded length.
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { inTransaction } from '../db/transaction';
import type { Clock } from './clock';
import { failedAttempts } from './failure-counter.tables';

export interface FailureCounter {
  /** Failures of `key` within the window. */
  count(key: string): Promise<number>;
  add(key: string): Promise<void>;
  clear(key: string): Promise<void>;
  /**
   * Counts one more of `key` unless the window already holds `limit`: true when counted. Check and
   * count are one step, so of requests sent at once no more than `limit` pass (a count, then an
   * add, let a whole burst through), and a refused one is not counted.
   */
  admit(key: string, limit: number): Promise<boolean>;
}

function keyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The counter named `scope` (one per purpose: "login", "pay_password"), in Redis when there is one. */
export function failureCounter(deps: { db: Db; clock: Clock; redis?: Redis | undefined }, scope: string, windowMs: number): FailureCounter {
  return deps.redis ? new RedisFailureCounter(deps.redis, deps.clock, scope, windowMs) : new DbFailureCounter(deps.db, deps.clock, scope, windowMs);
}

/** One row per failure in failed_attempts; adding one also removes the scope's expired rows. */
export class DbFailureCounter implements FailureCounter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly scope: string,
    private readonly windowMs: number,
  ) {}

  private cutoff(): Date {
    return new Date(this.clock.now().getTime() - this.windowMs);
  }

  async count(key: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(failedAttempts)
      .where(and(eq(failedAttempts.scope, this.scope), eq(failedAttempts.keyHash, keyHash(key)), gt(failedAttempts.failedAt, this.cutoff())));
    return row?.n ?? 0;
  }

  async add(key: string): Promise<void> {
    await this.db.insert(failedAttempts).values({ scope: this.scope, keyHash: keyHash(key), failedAt: this.clock.now() });
    await this.removeExpired();
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(failedAttempts).where(and(eq(failedAttempts.scope, this.scope), eq(failedAttempts.keyHash, keyHash(key))));
  }

  async admit(key: string, limit: number): Promise<boolean> {
    const hash = keyHash(key);
    // The key's admissions take turns: the count and the row it adds are one step.
    const admitted = await inTransaction(this.db, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`failures:${this.scope}:${hash}`}, 0))`);
      const [row] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(failedAttempts)
        .where(and(eq(failedAttempts.scope, this.scope), eq(failedAttempts.keyHash, hash), gt(failedAttempts.failedAt, this.cutoff())));
      if ((row?.n ?? 0) >= limit) return false;
      await tx.insert(failedAttempts).values({ scope: this.scope, keyHash: hash, failedAt: this.clock.now() });
      return true;
    });
    if (admitted) await this.removeExpired();
    return admitted;
  }

  /** A bounded batch, skipping rows another instance is deleting: the table holds about one window, and cleaning never waits. */
  private async removeExpired(): Promise<void> {
    await this.db.execute(sql`
      delete from failed_attempts where id in (
        select id from failed_attempts where scope = ${this.scope} and failed_at <= ${this.cutoff().toISOString()}
        limit 1000 for update skip locked)`);
  }
}

/** KEYS[1]: the set; ARGV: cutoff, now, member, limit, window (ms). 1 when admitted and counted. */
const ADMIT_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`;

/** A sorted set per key (score: time of the failure), expiring with its newest failure's window. */
export class RedisFailureCounter implements FailureCounter {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly scope: string,
    private readonly windowMs: number,
  ) {}

  keyOf(key: string): string {
    return `hp:fail:${this.scope}:${keyHash(key)}`;
  }

  async count(key: string): Promise<number> {
    const cutoff = this.clock.now().getTime() - this.windowMs;
    return this.redis.zcount(this.keyOf(key), `(${cutoff}`, '+inf');
  }

  async add(key: string): Promise<void> {
    const now = this.clock.now().getTime();
    const name = this.keyOf(key);
    const results = await this.redis
      .multi()
      .zadd(name, now, `${now}:${randomUUID()}`)
      .zremrangebyscore(name, '-inf', now - this.windowMs)
      // The window bounds the set: every limit checks its count before adding, so a key holds at
      // most its limit (plus the requests in flight) within one window. No trim by rank: keeping
      // the newest 100 made a limit above 100 (the observer links' 240 a minute) never apply.
      .pexpire(name, this.windowMs)
      .exec();
    const failed = results?.find(([error]) => error);
    if (failed) throw failed[0];
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.keyOf(key));
  }

  async admit(key: string, limit: number): Promise<boolean> {
    const now = this.clock.now().getTime();
    // A script runs without another client's commands in between: the count is read and the
    // request added only below the limit, so a refused request takes no place that another could
    // have had (an add, then a remove of the refused one, did during a burst at the limit).
    const admitted = await this.redis.eval(ADMIT_SCRIPT, 1, this.keyOf(key), now - this.windowMs, now, `${now}:${randomUUID()}`, limit, this.windowMs);
    return Number(admitted) === 1;
  }
}

