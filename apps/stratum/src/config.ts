// The stratum process's settings: a JSON file (STRATUM_CONFIG, see stratum.example.json) with a
// few environment overrides, checked with zod so that a wrong setting stops the start with a
// message naming it.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const port = z.object({
  /** 0: any free port (tests); the bound port is logged. */
  port: z.number().int().min(0).max(65535),
  startDifficulty: z.number().positive(),
  minDifficulty: z.number().positive(),
  maxDifficulty: z.number().positive(),
});

const coin = z.object({
  coin: z.enum(['btc', 'ltc', 'doge']),
  network: z.enum(['mainnet', 'testnet', 'regtest']),
  rpc: z.object({ url: z.string().url(), user: z.string().optional(), password: z.string().optional() }),
  payoutAddress: z.string().min(20).max(100),
  coinbaseTag: z.string().max(40).default('/hashpool/'),
  templateRefreshSeconds: z.number().positive().default(30),
  ports: z.array(port).min(1),
});

export const configSchema = z.object({
  /** Unique per stratum process: its extranonce prefix (0-255) and its batch ids. */
  instanceId: z.number().int().min(0).max(255),
  poolUrl: z.string().url(),
  ingestKey: z.string().min(16),
  dataDir: z.string().min(1),
  host: z.string().default('0.0.0.0'),
  /** Host name miners use, announced to the pool's pages (stratum+tcp://<publicHost>:<port>). */
  publicHost: z.string().optional(),
  metricsPort: z.number().int().min(0).max(65535).default(9100),
  coins: z.array(coin).min(1),
  vardiff: z.object({ targetSeconds: z.number().positive().default(10), retargetSeconds: z.number().positive().default(90), variancePercent: z.number().min(0).max(100).default(30) }).default({ targetSeconds: 10, retargetSeconds: 90, variancePercent: 30 }),
  limits: z
    .object({
      maxConnectionsPerIp: z.number().int().positive().default(256),
      authTimeoutSeconds: z.number().positive().default(30),
      idleTimeoutSeconds: z.number().positive().default(600),
      invalidSharesWindowSeconds: z.number().positive().default(60),
      invalidSharesThreshold: z.number().int().positive().default(50),
      banSeconds: z.number().positive().default(600),
      proxyProtocol: z.boolean().default(false),
    })
    .default({ maxConnectionsPerIp: 256, authTimeoutSeconds: 30, idleTimeoutSeconds: 600, invalidSharesWindowSeconds: 60, invalidSharesThreshold: 50, banSeconds: 600, proxyProtocol: false }),
});
export type StratumConfig = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): StratumConfig {
  const file = env.STRATUM_CONFIG;
  if (!file) throw new Error('STRATUM_CONFIG is not set: the path of the stratum settings (see stratum.example.json)');
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  if (env.STRATUM_POOL_URL) raw.poolUrl = env.STRATUM_POOL_URL;
  if (env.STRATUM_INGEST_KEY) raw.ingestKey = env.STRATUM_INGEST_KEY;
  if (env.STRATUM_DATA_DIR) raw.dataDir = env.STRATUM_DATA_DIR;
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`stratum settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}
