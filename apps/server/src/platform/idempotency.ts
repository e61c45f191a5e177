// Calls that move money carry the client's Idempotency-Key (docs/security.md item 29): the route
// declares the header with idempotencyHeaders, the service runs the requests of one key one after
// the other with oneRequestPerKey(), and keeps the key with what it wrote (a unique index), so a
// retry of a call whose answer was lost gets the first answer and moves nothing again.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '@hashpool/shared';
import type { Db } from '../db/client';
import { underLease } from './leases';

/**
 * A client-made key (a UUID in the web client): 8 to 100 characters, not beginning with `payout:`
 * in any case. That prefix is the server's own: the daily payout withdraws under
 * `payout:<day>:<coin>` (payouts.service.ts) in the same unique index as a user's keys, and a
 * client that took tomorrow's key would stop tomorrow's payout. The one rule for every route.
 */
export const CLIENT_KEY_PATTERN = /^(?![Pp][Aa][Yy][Oo][Uu][Tt]:)[A-Za-z0-9_.:-]{8,100}$/;

/** The client's key, in the route's headers schema (a key breaking CLIENT_KEY_PATTERN is validation_failed). */
export const idempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER]: z.string().regex(CLIENT_KEY_PATTERN) }).passthrough();

/** The key of a request whose route declared idempotencyHeaders. */
export function idempotencyKey(request: FastifyRequest): string {
  return request.headers[IDEMPOTENCY_HEADER] as string;
}

/**
 * The lease of one key's request. A request takes well under a second (argon2, a few statements);
 * a duplicate waits up to 15 s for it. A crashed holder's lease lapses after 10 s, so the client's
 * retry after a restart goes through. Money does not depend on the lease: the keys' unique indexes
 * keep a request that outlives it from being applied twice.
 */
const KEY_LEASE = { ttlMs: 10_000, waitMs: 15_000 };

/**
 * Runs the requests of one key one after the other, on whichever instance they arrive. A
 * duplicate sent while the first is still running (a double click, a retry after a client
 * timeout) would otherwise pass the key check before the first has written anything and then
 * fail on the second factor the first one just spent; waiting for it, it finds the first's rows
 * and gives its answer. `name` names the operation and its owner: `withdraw:<account>:<key>`.
 */
export function oneRequestPerKey<T>(db: Db, name: string, work: () => Promise<T>): Promise<T> {
  return underLease(db, name, KEY_LEASE, work);
}
