// The stratum processes' calls to the pool (docs/stratum-integration.md): the
// sub-account lookup at `mining.authorize`, the announcement of the endpoints a process listens
// on, and the public answer the pool pages show miners (how to connect).
import { z } from 'zod';
import { subAccountNameSchema, V } from '../validation';
import { coinSchema } from './wallet';

/**
 * A stratum URL as miners write it: `stratum+tcp://host:port` or `stratum+ssl://host:port`; the
 * host a DNS name, an IPv4 address or an IPv6 address in brackets; the port 1–65535.
 */
export const STRATUM_URL = /^stratum\+(tcp|ssl):\/\/(\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*):(\d{1,5})$/;

export function isStratumUrl(text: string): boolean {
  const m = text.length <= 300 ? STRATUM_URL.exec(text) : null;
  if (!m) return false;
  const port = Number(m[3]);
  return port >= 1 && port <= 65535;
}

export const stratumUrlSchema = z.string({ error: V.invalid }).max(300, V.tooLong).refine(isStratumUrl, V.invalid);

/** What a user name of a stratum login looks like (the pool's hint; the stratum server checks it). */
export const STRATUM_USERNAME_FORMAT = '<sub-account>.<worker>';

/** A sub-account name in the path (case-insensitive); a bad shape is a 400 before any lookup. */
export const internalAccountParamsSchema = z.object({ name: subAccountNameSchema });
export const internalAccountSchema = z.object({ exists: z.boolean() });

const difficulty = z.number({ error: V.invalid }).positive(V.invalid).max(1e15, V.invalid);

export const stratumEndpointSchema = z
  .strictObject({
    coin: coinSchema,
    url: stratumUrlSchema,
    start_difficulty: difficulty,
    min_difficulty: difficulty,
    max_difficulty: difficulty,
  })
  .refine((e) => e.min_difficulty <= e.start_difficulty && e.start_difficulty <= e.max_difficulty, { message: V.invalid, path: ['start_difficulty'] });
export type StratumEndpoint = z.infer<typeof stratumEndpointSchema>;

export const STRATUM_INSTANCE = /^[A-Za-z0-9._-]{1,64}$/;
export const stratumAnnounceBodySchema = z.strictObject({
  instance: z.string({ error: V.invalid }).regex(STRATUM_INSTANCE, V.invalid),
  endpoints: z.array(stratumEndpointSchema).max(50),
});
export type StratumAnnounce = z.infer<typeof stratumAnnounceBodySchema>;

/** The public answer: where miners of a coin connect, and how they log in. */
export const poolStratumSchema = z.object({
  coin: z.string(),
  /** The network of the coin's nodes (the server's CHAIN_NETWORKS): withdraw addresses must be of it. */
  network: z.enum(['mainnet', 'testnet', 'regtest']),
  endpoints: z.array(
    z.object({
      url: z.string(),
      /** stratum+ssl: the connection is encrypted. */
      tls: z.boolean(),
      start_difficulty: z.number().nullable(),
      min_difficulty: z.number().nullable(),
      max_difficulty: z.number().nullable(),
    }),
  ),
  /** `announced`: stratum processes said so within the last minutes; `configured`: the operator's STRATUM_PUBLIC_URLS; `none`. */
  source: z.enum(['announced', 'configured', 'none']),
  username_format: z.string(),
  /** The password field of a miner's configuration is not checked. */
  password_ignored: z.boolean(),
});
export type PoolStratum = z.infer<typeof poolStratumSchema>;
