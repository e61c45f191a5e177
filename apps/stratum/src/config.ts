// The stratum process's settings: a JSON file (path in STRATUM_CONFIG) with environment overrides,
// validated with zod. A bad file stops the start with one line per problem, naming the field.
import { readdirSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import type { BitcoinFamilyOptions } from './coin/types.js';
import { isAddressOrNetwork } from './server/ip-guard.js';

const difficulty = z.number().positive().finite();

const portSchema = z
  .object({
    port: z.number().int().min(1).max(65535),
    startDifficulty: difficulty,
    minDifficulty: difficulty,
    maxDifficulty: difficulty,
  })
  .strict()
  .refine((p) => p.minDifficulty <= p.startDifficulty && p.startDifficulty <= p.maxDifficulty, {
    message: 'needs minDifficulty ≤ startDifficulty ≤ maxDifficulty',
  });

/**
 * http or https only: z.url() takes any scheme, and `localhost:8332` (bitcoin.conf's habit) parses as
 * the scheme `localhost:`. Refused at start rather than retried for ever.
 */
const httpUrl = () => z.url({ protocol: /^https?$/, error: 'an http:// or https:// URL' });

const coinSchema = z
  .object({
    coin: z.enum(['btc', 'ltc', 'doge']),
    network: z.enum(['mainnet', 'testnet', 'regtest']),
    rpc: z
      .object({ url: httpUrl(), user: z.string().optional(), password: z.string().optional() })
      .strict(),
    payoutAddress: z.string().min(1).max(128),
    coinbaseTag: z.string().max(40).default('/hashpool/'),
    templateRefreshSeconds: z.number().int().min(1).max(600).optional(),
    zmqHashblock: z.string().optional(),
    ports: z.array(portSchema).min(1),
  })
  .strict();

const schema = z
  .object({
    instanceId: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'letters, digits, _ and -, 1 to 32 characters'),
    instancePrefix: z.number().int().min(0).max(255),
    // Processes of this instance on this machine (one per core spreads the share checks): process
    // i > 0 takes prefix + i, instance id "<id>-<i>" and its own data directory.
    processes: z.number().int().min(1).max(64).default(1),
    poolUrl: httpUrl(),
    ingestKey: z.string().min(16, 'at least 16 characters (the pool ignores shorter INGEST_KEYS)'),
    natsUrl: z
      .string()
      .regex(/^((nats|tls):\/\/[^,\s]+)(\s*,\s*(nats|tls):\/\/[^,\s]+)*$/, 'nats:// or tls:// URLs, separated by commas')
      .optional(),
    natsStream: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).default('SHARES'),
    /** Share batches on the wire: the compact form (the pool must be of a version that reads it) or JSON. */
    shareEncoding: z.enum(['compact', 'json']).default('compact'),
    dataDir: z.string().min(1),
    metricsPort: z.number().int().min(0).max(65535).default(9464),
    metricsHost: z.string().min(1).default('127.0.0.1'),
    publicHost: z.string().min(1),
    listenHost: z.string().min(1).default('0.0.0.0'),
    logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info'),
    coins: z.array(coinSchema).min(1),
    vardiff: z
      .object({
        targetSeconds: z.number().positive().default(10),
        retargetSeconds: z.number().positive().default(90),
        variancePercent: z.number().min(0).max(100).default(30),
      })
      .strict()
      // A missing block takes each field's own default (prefault parses {}), stated once.
      .prefault({}),
    limits: z
      .object({
        maxConnectionsPerIp: z.number().int().min(1).default(256),
        authTimeoutSeconds: z.number().positive().default(30),
        idleTimeoutSeconds: z.number().positive().default(600),
        invalidSharesWindowSeconds: z.number().positive().default(60),
        invalidSharesThreshold: z.number().int().min(1).default(100),
        banSeconds: z.number().int().min(0).default(600),
        proxyProtocol: z.boolean().default(false),
        /**
         * With proxyProtocol: the balancers' addresses or networks (`10.0.0.5`, `10.0.0.0/24`,
         * `2001:db8::/64`). A PROXY header names the miner, so one from anyone else could name any
         * address (getting it banned, or passing the per-IP limits): other peers are closed at once.
         */
        trustedProxies: z.array(z.string().refine(isAddressOrNetwork, 'must be an IP address or a network in CIDR form')).default([]),
        maxConnections: z.number().int().min(1).default(50_000),
      })
      .strict()
      .prefault({}),
    announceIntervalSeconds: z.number().int().min(5).default(60),
  })
  .strict()
  .superRefine((c, ctx) => {
    const seen = new Set<number>();
    for (const [ci, coin] of c.coins.entries()) {
      for (const [pi, p] of coin.ports.entries()) {
        if (seen.has(p.port)) ctx.addIssue({ code: 'custom', path: ['coins', ci, 'ports', pi, 'port'], message: `port ${p.port} is used twice` });
        seen.add(p.port);
      }
    }
    if (seen.has(c.metricsPort)) ctx.addIssue({ code: 'custom', path: ['metricsPort'], message: 'is also a stratum port' });
    if (c.instancePrefix + c.processes - 1 > 255) {
      ctx.addIssue({ code: 'custom', path: ['processes'], message: `instancePrefix + processes - 1 must be at most 255 (prefixes ${c.instancePrefix}…${c.instancePrefix + c.processes - 1})` });
    }
    if (c.limits.proxyProtocol && !c.limits.trustedProxies.length) {
      ctx.addIssue({ code: 'custom', path: ['limits', 'trustedProxies'], message: 'name the load balancers whose PROXY headers are believed (limits.proxyProtocol is on)' });
    }
    if (c.processes > 1 && c.limits.proxyProtocol) {
      // The PROXY header names the miner only once read, after the connection was handed to a process.
      ctx.addIssue({ code: 'custom', path: ['processes'], message: 'behind a load balancer (limits.proxyProtocol), run one process per instance and more instances' });
    }
    const coins = c.coins.map((x) => x.coin);
    if (new Set(coins).size !== coins.length) ctx.addIssue({ code: 'custom', path: ['coins'], message: 'a coin is listed twice' });
  });

export type StratumConfig = z.infer<typeof schema>;
export type CoinConfig = StratumConfig['coins'][number];
export type PortConfig = CoinConfig['ports'][number];
export type VardiffConfig = StratumConfig['vardiff'];
export type LimitsConfig = StratumConfig['limits'];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid stratum configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Environment variables that override the file (the secrets usually live here, not in the file). */
const ENV_OVERRIDES: Record<string, { key: keyof StratumConfig; type: 'string' | 'int' }> = {
  STRATUM_INSTANCE_ID: { key: 'instanceId', type: 'string' },
  STRATUM_INSTANCE_PREFIX: { key: 'instancePrefix', type: 'int' },
  STRATUM_PROCESSES: { key: 'processes', type: 'int' },
  POOL_URL: { key: 'poolUrl', type: 'string' },
  INGEST_KEY: { key: 'ingestKey', type: 'string' },
  NATS_URL: { key: 'natsUrl', type: 'string' },
  NATS_STREAM: { key: 'natsStream', type: 'string' },
  SHARE_ENCODING: { key: 'shareEncoding', type: 'string' },
  STRATUM_DATA_DIR: { key: 'dataDir', type: 'string' },
  METRICS_PORT: { key: 'metricsPort', type: 'int' },
  STRATUM_PUBLIC_HOST: { key: 'publicHost', type: 'string' },
  LOG_LEVEL: { key: 'logLevel', type: 'string' },
};

/** The RPC password of a coin: `<COIN>_RPC_PASSWORD` (e.g. LTC_RPC_PASSWORD), and user likewise. */
function coinRpcOverrides(raw: Record<string, unknown>, env: NodeJS.ProcessEnv): void {
  if (!Array.isArray(raw.coins)) return;
  for (const coin of raw.coins as Array<Record<string, unknown>>) {
    if (!coin || typeof coin !== 'object' || typeof coin.coin !== 'string') continue;
    const prefix = coin.coin.toUpperCase();
    const rpc = (coin.rpc && typeof coin.rpc === 'object' ? coin.rpc : {}) as Record<string, unknown>;
    if (env[`${prefix}_RPC_URL`]) rpc.url = env[`${prefix}_RPC_URL`];
    if (env[`${prefix}_RPC_USER`]) rpc.user = env[`${prefix}_RPC_USER`];
    if (env[`${prefix}_RPC_PASSWORD`]) rpc.password = env[`${prefix}_RPC_PASSWORD`];
    coin.rpc = rpc;
  }
}

export function parseConfig(raw: unknown, env: NodeJS.ProcessEnv = {}): StratumConfig {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ConfigError(['the file must hold one JSON object']);
  const merged: Record<string, unknown> = structuredClone(raw as Record<string, unknown>);
  const problems: string[] = [];
  for (const [name, { key, type }] of Object.entries(ENV_OVERRIDES)) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    if (type === 'int') {
      if (!/^\d+$/.test(value)) problems.push(`${name}: must be a whole number, got "${value}"`);
      else merged[key] = Number(value);
    } else merged[key] = value;
  }
  coinRpcOverrides(merged, env);
  if (problems.length) throw new ConfigError(problems);
  const parsed = schema.safeParse(merged);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(file)'}: ${i.message}`));
  }
  return parsed.data;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): StratumConfig {
  const path = env.STRATUM_CONFIG;
  if (!path) throw new ConfigError(['STRATUM_CONFIG must name the JSON configuration file (see stratum.example.json)']);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError([`cannot read ${path}: ${(err as Error).message}`]);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ConfigError([`${path} is not valid JSON: ${(err as Error).message}`]);
  }
  return parseConfig(raw, env);
}

/**
 * The settings of process `index` of a multi-process instance. Process 0 keeps the instance's own
 * id, prefix and data directory, so going from one process to several keeps its outbox; the others
 * are instances of their own to the pool (extranonce1 prefixes and batch ids never collide).
 */
export function processConfig(config: StratumConfig, index: number): StratumConfig {
  if (index === 0) return config;
  return {
    ...config,
    instanceId: `${config.instanceId}-${index}`,
    instancePrefix: config.instancePrefix + index,
    dataDir: `${config.dataDir}/process-${index}`,
  };
}

/**
 * The data directories of processes this instance no longer runs (`process-<i>` with i at or above
 * `processes`, after it was lowered). Process 0 takes over what they were following (only process 0
 * and a lone process ask: the others' directories are their own).
 */
export function retiredProcessDirs(config: StratumConfig): string[] {
  let entries: string[];
  try {
    entries = readdirSync(config.dataDir);
  } catch {
    return [];
  }
  return entries
    .map((name) => /^process-(\d+)$/.exec(name))
    .filter((m): m is RegExpExecArray => m !== null && Number(m[1]) >= config.processes)
    .sort((a, b) => Number(a[1]) - Number(b[1]))
    .map((m) => `${config.dataDir}/${m[0]}`);
}

/** What the coin side gets for one configured coin; `retired`: retiredProcessDirs() for process 0. */
export function coinOptions(config: StratumConfig, coin: CoinConfig, retired: string[] = []): BitcoinFamilyOptions {
  const { ports: _ports, ...rest } = coin;
  return { ...rest, instancePrefix: config.instancePrefix, dataDir: `${config.dataDir}/${coin.coin}`, adoptTrackersFrom: retired.map((dir) => `${dir}/${coin.coin}`) };
}
