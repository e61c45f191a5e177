// Readiness: GET /api/ready answers 200 when the database answers, and Redis and NATS
// when they are configured (modules add their own checks: the mining module's NATS consumer);
// 503 otherwise, so a load balancer sends no traffic to an instance that cannot serve. Liveness
// is GET /api/health (the content module).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { envelope, ERRORS, errorEnvelopeSchema, readinessSchema } from '@hashpool/shared';
import type { Db } from '../db/client';
import { access } from './access';

/** A named check that resolves true when the dependency answers. */
export type ReadinessCheck = () => Promise<boolean>;

/** Checks a module adds (mining: nats); the database and Redis are checked by the plugin. */
export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();
  /** Set while the process shuts down: no longer ready, so traffic drains to other instances. */
  stopping = false;

  add(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  remove(name: string): void {
    this.checks.delete(name);
  }

  entries(): Array<[string, ReadinessCheck]> {
    return [...this.checks];
  }
}

const CHECK_TIMEOUT_MS = 2_000;

async function timed(check: ReadinessCheck): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS)));
  const ok = await Promise.race([check().catch(() => false), timeout]);
  clearTimeout(timer);
  return { ok, ms: Math.round(performance.now() - started) };
}

export const readinessPlugin = fp<{ db: Db; redis: Redis | undefined; readiness: Readiness; version: string }>(async (app: FastifyInstance, options) => {
  app.get('/api/ready', {
    config: { access: access.public, rateLimit: false },
    schema: { tags: ['system'], summary: 'Readiness: the database, and Redis and NATS when configured (503 when one fails)', response: { 200: envelope(readinessSchema), 503: errorEnvelopeSchema.extend({ data: readinessSchema }) } },
  }, async (_request, reply) => {
    const checks: Array<[string, ReadinessCheck]> = [
      ['database', async () => (await options.db.execute(sql`select 1`), true)],
      ...(options.redis ? [['redis', async () => (await options.redis!.ping()) === 'PONG'] as [string, ReadinessCheck]] : []),
      ...options.readiness.entries(),
    ];
    const results = Object.fromEntries(await Promise.all(checks.map(async ([name, check]) => [name, await timed(check)] as const)));
    const ready = !options.readiness.stopping && Object.values(results).every((r) => r.ok);
    const data = { ready, version: options.version, checks: results };
    if (!ready) return reply.code(503).send({ code: ERRORS.system_error.code, msg: 'not ready', data });
    return reply.send({ code: 0, msg: 'ok', data });
  });
});
