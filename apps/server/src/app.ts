// buildApp(deps): the whole HTTP application, without listening and without opening the database,
// so tests build the real app against a test database with a fake clock (ARCHITECTURE.md section 2).
import { readFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { LANGUAGE_HEADER, resolveLanguage } from '@hashpool/shared';
import { trustProxyOption, type Config } from './config';
import type { Database } from './db/client';
import { accessPlugin } from './platform/access';
import { systemClock, type Clock } from './platform/clock';
import { errorHandler } from './platform/errors';
import { inputGuardPlugin } from './platform/input-guard';
import { genReqId, loggerOptions } from './platform/logging';
import { DOCS_PREFIX, openApiPlugin } from './platform/openapi';
import { MemoryReplayGuard, RedisReplayGuard } from './platform/replay-guard';
import { securityPlugin } from './platform/security';
import { signaturePlugin } from './platform/signature';
import { spaPlugin } from './platform/spa';
import { AltchaVerifier, GeetestVerifier } from './platform/captcha';
import { failureCounter } from './platform/failure-counter';
import { deriveKeys } from './platform/keys';
import { LoginKeyPair } from './platform/login-crypto';
import { createMailer, type Mailer } from './platform/mailer';
import { PasswordHasher } from './platform/passwords';
import { SecretBox } from './platform/secret-box';
import { fileSmsProvider, type SmsProvider } from './platform/sms';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { AccountService } from './modules/accounts/accounts.service';
import { AuthService } from './modules/accounts/auth.service';
import { CodeService } from './modules/accounts/codes.service';
import { SessionService } from './modules/accounts/session.service';
import { TotpService } from './modules/accounts/totp.service';
import { SecurityService } from './modules/accounts/security.service';
import { securityRoutes } from './modules/accounts/security.routes';
import { ContentService } from './modules/content/content.service';
import { IngestService } from './modules/mining/ingest.service';
import { miningRoutes } from './modules/mining/mining.routes';
import { WorkersService } from './modules/mining/workers.service';
import { GroupsService } from './modules/mining/groups.service';
import { HistoryService } from './modules/mining/history.service';
import { AlertsService } from './modules/mining/alerts.service';
import { MessagesService } from './modules/mining/messages.service';
import { BlocksService } from './modules/mining/blocks.service';
import { contentRoutes } from './modules/content/content.routes';
import { JsonRpcChain, SimulatedChain, type ChainAdapter } from './modules/wallet/chain';
import { WalletService } from './modules/wallet/wallet.service';
import { WalletAdminService } from './modules/wallet/wallet-admin.service';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { WithdrawalProcessor } from './modules/wallet/withdrawal-processor';
import { EarningsService } from './modules/earnings/earnings.service';
import { SettlementService } from './modules/earnings/settlement.service';
import { BlockSettlementService } from './modules/earnings/block-settlement.service';
import { AddressEarningsService } from './modules/earnings/address-earnings.service';
import { addressEarningsRoutes } from './modules/earnings/address-earnings.routes';
import { AddressMiningService } from './modules/address-mining/address-mining.service';
import { addressMiningRoutes } from './modules/address-mining/address-mining.routes';
import { AleoStakeService } from './modules/address-mining/aleo-stake.service';
import { ProfitsService } from './modules/earnings/profits.service';
import { ReferralService } from './modules/earnings/referral.service';
import { EarningsAdminService } from './modules/earnings/earnings-admin.service';
import { earningsRoutes } from './modules/earnings/earnings.routes';
import { SimulatedMarketData, type MarketDataAdapter } from './modules/earnings/market-data';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Shared store for rate limits, nonces and failure counters when several instances run (REDIS_URL). */
  redis?: Redis;
  /** Where logs go; tests capture them to prove no secret is written. */
  logStream?: Writable;
  /** Replaces the mailer of SMTP_URL / MAIL_DIR. */
  mailer?: Mailer;
  /** Replaces the file SMS provider (a gateway adapter, or a test's phone). */
  sms?: SmsProvider;
  /** Replaces the simulated market data (a provider adapter). */
  marketData?: MarketDataAdapter;
}

export const APP_VERSION: string = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** The account services, wired to the platform adapters; the sessions also resolve who calls. */
function accountServices(app: FastifyInstance, deps: AppDeps, clock: Clock, content: ContentService, mailer: Mailer) {
  const { config, database } = deps;
  const keys = deriveKeys(config);
  const sms = deps.sms ?? fileSmsProvider(config.SMS_DIR, app.log);
  const used = deps.redis ? new RedisReplayGuard(deps.redis) : new MemoryReplayGuard(() => clock.now().getTime());
  const captcha =
    config.CAPTCHA_PROVIDER === 'geetest' && config.GEETEST_ID && config.GEETEST_KEY
      ? new GeetestVerifier(config.GEETEST_ID, config.GEETEST_KEY)
      : new AltchaVerifier(keys.captcha.toString('hex'), config.ALTCHA_COST, clock, used);
  const siteName = async () => (await content.parameters(['site_name'])).site_name ?? 'Hashpool';
  const codes = new CodeService(database.db, clock, keys.codes, mailer, sms, siteName);
  const sessions = new SessionService(database.db, clock, config.ACCESS_TOKEN_TTL_SECONDS, keys.refreshSuccessor);
  const passwords = new PasswordHasher(keys.payPepper);
  const totp = new TotpService(database.db, clock, new SecretBox(keys.secretBox));
  const auth = new AuthService(
    database.db, clock, passwords, codes, sessions, captcha,
    new LoginKeyPair(), totp, keys.loginTicket, failureCounter({ db: database.db, clock, redis: deps.redis }, 'login', 15 * 60_000),
    new Set((config.ADMIN_EMAILS ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean)),
  );
  const currencies = async () => (await content.rates()).rates.map((r) => r.currency);
  const accounts = new AccountService(database.db, clock, currencies, config.SECURITY_HOLD_HOURS * 3600_000);
  const security = new SecurityService(database.db, clock, passwords, codes, sessions, totp, siteName);
  app.principalResolver = (request) => sessions.resolvePrincipal(request);
  return { auth, sessions, accounts, captcha, security, passwords, keys };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, deps.logStream),
    genReqId,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.decorate('db', deps.database.db);
  app.decorate('clock', clock);
  app.decorate('config', config);
  app.decorateRequest('lang', 'en');

  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers[LANGUAGE_HEADER];
    request.lang = resolveLanguage(Array.isArray(header) ? header[0] : header);
    reply.header('x-request-id', request.id);
  });

  await app.register(accessPlugin, { publicPrefixes: [DOCS_PREFIX] });
  await app.register(securityPlugin, {
    hsts: config.HSTS ?? config.NODE_ENV === 'production',
    perMinute: config.RATE_LIMIT_PER_MINUTE,
    redis: deps.redis,
  });
  await app.register(inputGuardPlugin); // before the signature: its canon must only see safe text
  await app.register(signaturePlugin, {
    key: config.REQUEST_SIGN_KEY,
    replayGuard: deps.redis ? new RedisReplayGuard(deps.redis) : new MemoryReplayGuard(() => clock.now().getTime()),
  });
  await app.register(openApiPlugin, { version: APP_VERSION });

  // app_version is the one version (package.json), the same /api/health reports; a table row of that name is ignored.
  const content = new ContentService(deps.database.db, clock, { request_sign_key: config.REQUEST_SIGN_KEY, app_version: APP_VERSION });
  await app.register(contentRoutes(content, APP_VERSION), { prefix: '/api' });
  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, mailDir: config.MAIL_DIR, log: app.log });
  const accounts = accountServices(app, deps, clock, content, mailer);
  await app.register(accountsRoutes(accounts), { prefix: '/api' });
  await app.register(securityRoutes(accounts.security), { prefix: '/api' });

  const ingest = new IngestService(deps.database.db, clock, { decoderThreads: config.INGEST_DECODER_THREADS, deadAfterMs: config.WORKER_DEAD_AFTER_HOURS * 3600_000 });
  const workers = new WorkersService(deps.database.db, clock, config.WORKER_DEAD_AFTER_HOURS * 3600_000);
  app.decorate('ingest', ingest);
  app.addHook('onClose', () => ingest.close());
  const groups = new GroupsService(deps.database.db, clock, config.WORKER_DEAD_AFTER_HOURS * 3600_000);
  const history = new HistoryService(deps.database.db, clock);
  const messages = new MessagesService(deps.database.db, clock);
  app.decorate('alerts', new AlertsService(deps.database.db, clock, config.WORKER_DEAD_AFTER_HOURS * 3600_000, mailer));
  const blocks = new BlocksService(deps.database.db, clock);
  app.decorate('blocks', blocks);
  await app.register(miningRoutes({ ingest, workers, groups, history, messages, blocks, accounts: accounts.accounts, ingestKeys: config.INGEST_KEYS }), { prefix: '/api' });

  const chain: ChainAdapter =
    config.CHAIN_ADAPTER === 'jsonrpc'
      ? new JsonRpcChain(JSON.parse(config.WALLET_RPC_URLS ?? '{}') as Record<string, string>)
      : new SimulatedChain(deps.database.db, clock, accounts.keys.chain);
  const wallet = new WalletService({
    db: deps.database.db,
    clock,
    chain,
    passwords: accounts.passwords,
    security: accounts.security,
    payPasswordFailures: failureCounter({ db: deps.database.db, clock, redis: deps.redis }, 'pay_password', 15 * 60_000),
    addressHoldHours: config.WITHDRAW_ADDRESS_HOLD_HOURS,
    securityHoldHours: config.SECURITY_HOLD_HOURS,
    allowSimulatedAddresses: chain instanceof SimulatedChain,
  });
  accounts.accounts.withdrawHoldUntil = (user) => wallet.holdUntil(user);
  const walletAdmin = new WalletAdminService(deps.database.db, clock, chain);
  app.decorate('wallet', { service: wallet, admin: walletAdmin, processor: new WithdrawalProcessor(deps.database.db, clock, chain), chain });
  await app.register(walletRoutes(wallet, walletAdmin), { prefix: '/api' });

  const earnings = new EarningsService(deps.database.db, clock, deps.marketData ?? new SimulatedMarketData());
  app.decorate('earnings', earnings);
  const settlement = new SettlementService(deps.database.db, clock, earnings);
  app.decorate('settlement', settlement);
  app.decorate('blockSettlement', new BlockSettlementService(deps.database.db, clock, earnings, chain, settlement));
  const referral = new ReferralService(deps.database.db, clock);
  app.decorate('referral', referral);
  // GET /pools shows the default payout method's fee from the operators' fee table.
  content.defaultFeeRates = () => earnings.defaultFeeRates();
  await app.register(addressEarningsRoutes(new AddressEarningsService(deps.database.db, clock, earnings)), { prefix: '/api' });
  const aleoStake = new AleoStakeService(deps.database.db, clock);
  app.decorate('aleoStake', aleoStake);
  await app.register(addressMiningRoutes(new AddressMiningService(deps.database.db, clock, config.WORKER_DEAD_AFTER_HOURS * 3600_000, { workers, history, blocks: app.blocks, earnings }), aleoStake), { prefix: '/api' });
  await app.register(earningsRoutes({ earnings, profits: new ProfitsService(deps.database.db, clock, earnings), referral, blocks: app.blocks, admin: new EarningsAdminService(deps.database.db, clock), accounts: accounts.accounts }), { prefix: '/api' });

  await app.register(spaPlugin, { distDir: config.WEB_DIST_DIR });
  return app;
}
