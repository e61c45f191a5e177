// Configuration is read from the environment once, here, and validated; nothing else reads
// process.env. A bad value stops the start with one message that lists every bad variable.
import { z } from 'zod';
import { CODE_RESEND_SECONDS, findCoin, isStratumUrl } from '@hashpool/shared';

/** The networks a bitcoin-family coin's node can be on (CHAIN_NETWORKS), and the coins that have them. */
export const CHAIN_NETWORK_NAMES = ['mainnet', 'testnet', 'regtest'] as const;
export type ChainNetwork = (typeof CHAIN_NETWORK_NAMES)[number];
export const NETWORK_COINS = ['btc', 'ltc', 'doge'] as const;
export type NetworkCoin = (typeof NETWORK_COINS)[number];
export const isNetworkCoin = (coin: string): coin is NetworkCoin => (NETWORK_COINS as readonly string[]).includes(coin);

/**
 * CHAIN_NETWORKS as the operator writes it, `ltc=regtest,btc=testnet` (spaces allowed, any case);
 * a coin not named is on mainnet. Returns the problem of the first bad part, or the map.
 */
export function parseChainNetworks(text: string): { networks: Partial<Record<NetworkCoin, ChainNetwork>> } | { problem: string } {
  const networks: Partial<Record<NetworkCoin, ChainNetwork>> = {};
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [coin, network, ...rest] = part.split('=').map((p) => p.trim().toLowerCase());
    if (!coin || !network || rest.length > 0) return { problem: `"${part}" is not coin=network` };
    if (!isNetworkCoin(coin)) return { problem: `"${coin}" has no choice of network (only ${NETWORK_COINS.join(', ')})` };
    if (!(CHAIN_NETWORK_NAMES as readonly string[]).includes(network)) return { problem: `"${network}" is not one of ${CHAIN_NETWORK_NAMES.join(', ')}` };
    if (networks[coin]) return { problem: `${coin} is named twice` };
    networks[coin] = network as ChainNetwork;
  }
  return { networks };
}

/** Where a coin's deposits come from and withdrawals go: the simulated chain, a bitcoind-style wallet node, or nowhere. */
export const CHAIN_KINDS = ['simulated', 'jsonrpc', 'disabled'] as const;
export type ChainKind = (typeof CHAIN_KINDS)[number];
/** The chains that are not coins of the coin table: the USDT networks of contract payments. */
const PAYMENT_CHAINS = ['usdt_trc20', 'usdt_erc20'];

/**
 * CHAIN_ADAPTERS as the operator writes it, `ltc=jsonrpc,doge=disabled`: each named coin's chain;
 * a coin not named uses CHAIN_ADAPTER. Returns the problem of the first bad part, or the map.
 */
export function parseChainAdapters(text: string): { adapters: Record<string, ChainKind> } | { problem: string } {
  const adapters: Record<string, ChainKind> = {};
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [coin, kind, ...rest] = part.split('=').map((p) => p.trim().toLowerCase());
    if (!coin || !kind || rest.length > 0) return { problem: `"${part}" is not coin=kind` };
    if (!findCoin(coin) && !PAYMENT_CHAINS.includes(coin)) return { problem: `"${coin}" is not a coin of the coin table (nor ${PAYMENT_CHAINS.join(', ')})` };
    if (!(CHAIN_KINDS as readonly string[]).includes(kind)) return { problem: `"${kind}" is not one of ${CHAIN_KINDS.join(', ')}` };
    if (adapters[coin]) return { problem: `${coin} is named twice` };
    adapters[coin] = kind as ChainKind;
  }
  return { adapters };
}

/**
 * STRATUM_PUBLIC_URLS: `ltc=stratum+tcp://ltc.pool.example:3333,ltc=stratum+ssl://ltc.pool.example:3334`;
 * a coin may be named several times. Returns the URLs by coin, or the problem of the first bad part.
 */
export function parseStratumPublicUrls(text: string): { urls: Record<string, string[]> } | { problem: string } {
  const urls: Record<string, string[]> = {};
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const at = part.indexOf('=');
    const coin = part.slice(0, Math.max(at, 0)).trim().toLowerCase();
    const url = part.slice(at + 1).trim();
    if (at < 1 || !findCoin(coin)) return { problem: `"${part}" does not start with a coin of the coin table and =` };
    if (!isStratumUrl(url)) return { problem: `"${url}" is not stratum+tcp://host:port or stratum+ssl://host:port` };
    const list = (urls[coin] ??= []);
    if (!list.includes(url)) list.push(url);
  }
  return { urls };
}

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** PostgreSQL server; when unset the embedded PGlite database is used. */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  /** Where PGlite keeps its files when DATABASE_URL is unset; `memory` keeps nothing. */
  PGLITE_DATA_DIR: z.string().min(1).default('./data/pglite'),
  /**
   * Seed demo content (labelled as demo) and the public demo user on first start: by default on,
   * except with NODE_ENV=production, where a forgotten setting must not open a known password.
   */
  DEMO_SEED: bool.optional(),
  /** Run the demo share simulator in the server (only with DEMO_SEED). */
  DEMO_SIMULATOR: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built SPA served on every non-API path. */
  WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
  /**
   * Key of the request signature (docs/rules.md, The API). The web client fetches it from
   * GET /api/parameters: it proves a request was made by a client of this pool within a few
   * minutes and not replayed, it is not a secret against someone reading the web bundle.
   */
  REQUEST_SIGN_KEY: z.string().min(16, 'must be at least 16 characters').default('hashpool-web-request-signing-key'),
  /** Shared store for rate limits and replay protection when several API instances run. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  /** Requests per minute per IP across the API (login-type routes set tighter limits). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Behind a reverse proxy: trust X-Forwarded-For from it (true, a hop count, or addresses). */
  TRUST_PROXY: z.string().default('false'),
  /** Sent as Strict-Transport-Security; on by default in production. */
  HSTS: bool.optional(),
  /**
   * 32 bytes, base64: encrypts TOTP secrets and peppers pay passwords. Unset: a key is made once
   * in PGLITE's data folder (development only); production must set it and keep it out of backups
   * of the database.
   */
  SECRETS_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64')
    .optional(),
  /** Where uploaded files (payment certificates, ticket attachments) are kept: a local directory, or an S3-compatible bucket. */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  /** With FILE_STORAGE=local: the directory of uploaded files. */
  UPLOAD_DIR: z.string().min(1).default('./data/uploads'),
  /** With FILE_STORAGE=s3: the bucket, its endpoint (MinIO, Ceph, R2, AWS) and credentials. */
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style URLs (bucket in the path), as MinIO and most self-hosted stores want. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** smtp://user:pass@host:587 or smtps://…; unset: mails are written to MAIL_DIR and logged. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Hashpool <no-reply@hashpool.example>'),
  MAIL_DIR: z.string().min(1).default('./data/mail'),
  /** Without an SMS gateway, text messages are written here. */
  SMS_DIR: z.string().min(1).default('./data/sms'),
  /** Who sends text messages: `file` (SMS_DIR, development) or `twilio` (its REST API). */
  SMS_PROVIDER: z.enum(['file', 'twilio']).default('file'),
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC followed by 32 hex digits').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  /** The sender: a Twilio number in E.164 (+15005550006) ... */
  TWILIO_FROM: z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be a number in E.164 (+15005550006)').optional(),
  /** ... or a Messaging Service (MG + 32 hex digits), which wins when both are set. */
  TWILIO_MESSAGING_SERVICE_SID: z.string().regex(/^MG[0-9a-fA-F]{32}$/, 'must be MG followed by 32 hex digits').optional(),
  TWILIO_API_BASE: z.string().url().default('https://api.twilio.com'),
  /** Codes one phone number may receive per hour, and one client address may request per hour. */
  SMS_PER_NUMBER_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  SMS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(10000).default(20),
  /** WeChat Open Platform website login: unset App ID or secret hides the feature. */
  WECHAT_APP_ID: z.string().min(1).optional(),
  WECHAT_APP_SECRET: z.string().min(1).optional(),
  /** Where the QR-connect page is (https://open.weixin.qq.com) and the API (https://api.weixin.qq.com). */
  WECHAT_CONNECT_BASE: z.string().url().default('https://open.weixin.qq.com'),
  WECHAT_API_BASE: z.string().url().default('https://api.weixin.qq.com'),
  /**
   * Where coin prices and currency rates come from: `demo` (the demo market's random walk, the
   * embedded default), `coingecko` (its simple price call, polled) or `manual` (operators alone).
   */
  PRICES_SOURCE: z.enum(['demo', 'coingecko', 'manual']).default('demo'),
  PRICES_COINGECKO_BASE: z.string().url().default('https://api.coingecko.com'),
  /** A CoinGecko API key, sent in PRICES_COINGECKO_KEY_HEADER (x-cg-pro-api-key for a paid plan). */
  PRICES_COINGECKO_KEY: z.string().min(1).optional(),
  PRICES_COINGECKO_KEY_HEADER: z.string().regex(/^[A-Za-z0-9-]+$/).default('x-cg-demo-api-key'),
  /** Coin ids that differ from the built-in mapping: `btc=bitcoin,kas=kaspa`. */
  PRICES_COINGECKO_IDS: z.string().regex(/^([a-z0-9-]+=[a-z0-9-]+)(,[a-z0-9-]+=[a-z0-9-]+)*$/, 'must be code=id pairs separated by commas').optional(),
  PRICES_POLL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /** A price older than this stops what depends on it (and alerts the operators) instead of being used. */
  PRICES_STALE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  /** This site's public origin, for the redirect_uri WeChat sends the user back to (e.g. https://pool.example.com). */
  PUBLIC_ORIGIN: z.string().url().optional(),
  /** ALTCHA proof-of-work by default; GeeTest v4 when its id and key are set and this says so. */
  CAPTCHA_PROVIDER: z.enum(['altcha', 'geetest']).default('altcha'),
  /** PBKDF2 iterations per ALTCHA attempt (with the counter range, about a second in a browser). */
  ALTCHA_COST: z.coerce.number().int().min(1).default(5_000),
  GEETEST_ID: z.string().optional(),
  GEETEST_KEY: z.string().optional(),
  /** Lifetime of an access token; refresh tokens rotate on every use (7 days, 30 at most per login). */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(900),
  /**
   * Seconds before another code may go to the same address or phone for the same purpose. 60 is
   * what users are told and what the product means; the e2e servers shorten it so that a test
   * sending two codes to one address does not sleep a minute.
   */
  CODE_RESEND_SECONDS: z.coerce.number().int().min(5).max(600).default(CODE_RESEND_SECONDS),
  /** NATS with JetStream: when set, share batches are also consumed from stream NATS_STREAM. */
  NATS_URL: z.string().regex(/^(nats|tls):\/\//, 'must start with nats:// or tls://').optional(),
  NATS_STREAM: z.string().regex(/^[A-Za-z0-9_-]+$/).default('SHARES'),
  /** Comma-separated keys stratum nodes send as X-Ingest-Key to POST /api/internal/shares; unset refuses all. */
  INGEST_KEYS: z.string().optional(),
  /**
   * The stratum URLs the pool pages show per coin when no stratum process has announced its own
   * (POST /api/internal/stratum/endpoints), e.g. `ltc=stratum+tcp://ltc.pool.example:3333`.
   */
  STRATUM_PUBLIC_URLS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const parsed = parseStratumPublicUrls(v);
      if ('problem' in parsed) {
        ctx.addIssue({ code: 'custom', message: `${parsed.problem}; write e.g. ltc=stratum+tcp://ltc.pool.example:3333` });
        return z.NEVER;
      }
      return parsed.urls;
    }),
  /** Threads that read share batch bodies (0: the server's own thread); unset: one fewer than the cores, at least one. */
  INGEST_DECODER_THREADS: z.coerce.number().int().min(0).max(32).optional(),
  /** How often worker windows are refreshed and alerts evaluated (end-to-end tests use a few seconds). */
  MINING_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** How often market data is extended and matured pool blocks are settled (end-to-end tests use a few seconds). */
  EARNINGS_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(600).default(300),
  /** A worker without shares for this long is dead (24 by default; docs/rules.md, Limits and constants). */
  WORKER_DEAD_AFTER_HOURS: z.coerce.number().min(1).max(168).default(24),
  /** Largest accepted request body in bytes. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** Where deposits come from and withdrawals go: the simulated chain, or bitcoind-style wallet nodes. */
  CHAIN_ADAPTER: z.enum(['simulated', 'jsonrpc']).default('simulated'),
  /** Each coin's own chain where it differs from CHAIN_ADAPTER, e.g. `ltc=jsonrpc,doge=disabled` (disabled: no deposits or withdrawals of it). */
  CHAIN_ADAPTERS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const parsed = parseChainAdapters(v);
      if ('problem' in parsed) {
        ctx.addIssue({ code: 'custom', message: `${parsed.problem}; write e.g. ltc=jsonrpc,doge=disabled` });
        return z.NEVER;
      }
      return parsed.adapters;
    }),
  /** jsonrpc: how long a node call may take before its outcome counts as unknown (a send is then looked up, not repeated). */
  WALLET_RPC_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(300).default(20),
  /** jsonrpc: one wallet node per coin as JSON, e.g. {"btc":"http://user:pass@127.0.0.1:8332"}; read here once, as coin -> URL. */
  WALLET_RPC_URLS: z
    .string()
    .default('{}')
    .transform((v, ctx) => {
      try {
        const urls = JSON.parse(v) as Record<string, unknown>;
        if (urls !== null && typeof urls === 'object' && Object.values(urls).every((u) => typeof u === 'string' && /^https?:\/\//.test(u))) return urls as Record<string, string>;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of coin -> http(s) URL' });
      return z.NEVER;
    }),
  /**
   * The network of each bitcoin-family coin's nodes, e.g. `ltc=regtest,btc=testnet`; a coin not
   * named is on mainnet. Withdraw addresses are checked against it (a main-network address is
   * refused on a regtest pool and the other way round).
   */
  CHAIN_NETWORKS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const parsed = parseChainNetworks(v);
      if ('problem' in parsed) {
        ctx.addIssue({ code: 'custom', message: `${parsed.problem}; write e.g. ltc=regtest,btc=testnet` });
        return z.NEVER;
      }
      return parsed.networks;
    }),
  /** How often withdrawals are sent and checked and deposits scanned. */
  WALLET_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  /** Withdrawals wait this long after a change of pay password, phone or email, or a password reset (24; docs/rules.md, Limits and constants). */
  SECURITY_HOLD_HOURS: z.coerce.number().int().min(0).max(72).default(24),
  /** Withdrawals wait this long after a withdraw address is added or changed (24; docs/rules.md, Limits and constants). */
  WITHDRAW_ADDRESS_HOLD_HOURS: z.coerce.number().int().min(0).max(72).default(24),
  /** GET /metrics (Prometheus) answers only with `Authorization: Bearer <this>`; unset: no /metrics at all. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * The OAuth / OpenID Connect issuer: the public address of the API's provider,
   * ending in /api/oidc. Unset: http://localhost:<PORT>/api/oidc, for development only.
   */
  OAUTH_ISSUER: z.string().url().regex(/\/api\/oidc$/, 'must end with /api/oidc').optional(),
  /**
   * The end-to-end tests' hooks (off by default, refused with NODE_ENV=production): an operator
   * route that runs the red packet credit as if days had passed (POST
   * /api/admin/promotions/red-packets/credit-ahead), so a browser test sees the next day's profit.
   */
  E2E_HOOKS: bool.default(false),
  /** Comma-separated emails that get the operator role when they register (first set-up, tests). */
  ADMIN_EMAILS: z.string().optional(),
  /** Passkeys' relying party id: the site's domain (e.g. pool.example.com); localhost by default (dev, tests). */
  WEBAUTHN_RP_ID: z.string().regex(/^[a-z0-9.-]+$/i, 'must be a domain name').default('localhost'),
  /** Comma-separated origins passkey answers may come from (https://pool.example.com); default http://localhost:PORT and the Vite dev server's. */
  WEBAUTHN_ORIGINS: z.string().optional(),
});

export type Config = Omit<z.infer<typeof configSchema>, 'DEMO_SEED'> & { DEMO_SEED: boolean };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty variables count as unset, so `FOO= npm start` behaves like leaving FOO out.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const c = result.data;
  if (c.FILE_STORAGE === 's3' && !(c.S3_BUCKET && c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(['FILE_STORAGE: s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY']);
  }
  if (c.SMS_PROVIDER === 'twilio' && !(c.TWILIO_ACCOUNT_SID && c.TWILIO_AUTH_TOKEN && (c.TWILIO_FROM || c.TWILIO_MESSAGING_SERVICE_SID))) {
    throw new ConfigError(['SMS_PROVIDER: twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID']);
  }
  // A coin named as jsonrpc needs its node; with CHAIN_ADAPTER=jsonrpc a coin without one refuses its calls, as before.
  const nodeless = Object.entries(c.CHAIN_ADAPTERS).filter(([coin, kind]) => kind === 'jsonrpc' && !c.WALLET_RPC_URLS[coin]).map(([coin]) => coin);
  if (nodeless.length > 0) throw new ConfigError([`CHAIN_ADAPTERS: ${nodeless.join(', ')} ${nodeless.length === 1 ? 'is' : 'are'} jsonrpc but WALLET_RPC_URLS names no node for ${nodeless.length === 1 ? 'it' : 'them'}`]);
  if (c.E2E_HOOKS && c.NODE_ENV === 'production') throw new ConfigError(['E2E_HOOKS: not allowed with NODE_ENV=production']);
  // Without it WeChat's redirect_uri is built from the request's Host header, which a client sets.
  if (c.WECHAT_APP_ID && c.NODE_ENV === 'production' && !c.PUBLIC_ORIGIN) throw new ConfigError(['PUBLIC_ORIGIN: required with WECHAT_APP_ID in production (the address WeChat sends users back to)']);
  return { ...c, DEMO_SEED: c.DEMO_SEED ?? c.NODE_ENV !== 'production' };
}

/** TRUST_PROXY as fastify's trustProxy option: true/false, a hop count, or addresses. */
export function trustProxyOption(value: string): boolean | string | string[] {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  // Fastify takes a hop count as a number; its types only list strings, so it travels as one.
  if (/^\d+$/.test(value)) return Number(value) as unknown as string;
  return value.split(',').map((v) => v.trim());
}
