// buildApp(deps): the whole HTTP application, without listening and without opening the database,
// so tests build the real app against a test database with a fake clock (docs/architecture.md).
// The platform plugins come first (access, security headers and rate limits, the input guard, the
// signature, OpenAPI); then every module of the registry, in its order: its services created from
// the platform and the modules before it, its routes registered under /api.
import { readFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { LANGUAGE_HEADER, resolveLanguage } from '@hashpool/shared';
import { trustProxyOption, type Config } from './config';
import type { Database } from './db/client';
import { MODULES } from './modules/registry';
import { accessPlugin, type PrincipalResolver } from './platform/access';
import { AuditLog } from './platform/audit';
import { systemClock, type Clock } from './platform/clock';
import { errorHandler } from './platform/errors';
import { failureCounter } from './platform/failure-counter';
import { FileService, fileStoreFrom } from './platform/files';
import { inputGuardPlugin } from './platform/input-guard';
import { deriveKeys } from './platform/keys';
import { genReqId, loggerOptions } from './platform/logging';
import { createMailer } from './platform/mailer';
import type { AppAdapters, ModuleApis, ModuleName, Platform, RegisteredModule, StopJobs, Use } from './platform/modules';
import { Notifications, notificationsRoutes } from './platform/notifications';
import { DOCS_PREFIX, openApiPlugin } from './platform/openapi';
import { metricsPlugin } from './platform/metrics';
import { PasswordHasher } from './platform/passwords';
import { Readiness, readinessPlugin } from './platform/readiness';
import { MemoryReplayGuard, RedisReplayGuard } from './platform/replay-guard';
import { securityPlugin } from './platform/security';
import { signaturePlugin } from './platform/signature';
import { smsProviderFrom } from './platform/sms';
import { spaPlugin } from './platform/spa';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Shared store for rate limits, nonces and failure counters when several instances run (REDIS_URL). */
  redis?: Redis;
  /** Where logs go; tests capture them to prove no secret is written. */
  logStream?: Writable;
  /** Replacements of outside services (the mailer of SMTP_URL / MAIL_DIR, the SMS provider, market data ...). */
  adapters?: AppAdapters;
}

export const APP_VERSION: string = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Checks that every module comes after the modules it depends on (a programming error otherwise). */
export function checkModuleOrder(modules: ReadonlyArray<{ name: string; dependsOn: readonly string[] }>): void {
  const seen = new Set<string>();
  for (const m of modules) {
    if (seen.has(m.name)) throw new Error(`module ${m.name} is registered twice`);
    for (const d of m.dependsOn) if (!seen.has(d)) throw new Error(`module ${m.name} depends on ${d}, which must come before it in the registry`);
    seen.add(m.name);
  }
}

/** Creates every module's API in registry order; `use` only gives declared dependencies. */
async function createModules(platform: Platform): Promise<ModuleApis> {
  checkModuleOrder(MODULES);
  const apis = {} as Record<ModuleName, unknown>;
  for (const m of MODULES) apis[m.name] = await m.create(platform, declaredUse(m, apis));
  return apis as ModuleApis;
}

/** `use` of one module: the APIs of the modules it declared in dependsOn, and no other. */
function declaredUse(m: RegisteredModule, apis: Partial<Record<ModuleName, unknown>>): Use {
  return (name) => {
    if (!m.dependsOn.includes(name)) throw new Error(`module ${m.name} uses ${name} without declaring it in dependsOn`);
    return apis[name] as ModuleApis[typeof name];
  };
}

/**
 * Demo data (DEMO_SEED, labelled demo): each module's demo hook in registry order, once every
 * module is created, through the modules' own services; main.ts and the tests' app run it after
 * buildApp. Idempotent: a second start adds nothing.
 */
export async function loadDemoData(app: FastifyInstance): Promise<void> {
  for (const m of MODULES) if (m.demo) await m.demo(app.modules[m.name] as never, app.platform, declaredUse(m, app.modules));
}

/**
 * Starts every module's background work in registry order (a serving process: main.ts; tests call
 * the steps themselves); the answer stops it all, later modules first.
 */
export async function startJobs(app: FastifyInstance): Promise<() => Promise<void>> {
  const stops: StopJobs[] = [];
  for (const m of MODULES) if (m.jobs) stops.push(await m.jobs(app.modules[m.name] as never, app.platform, (name) => app.modules[name]));
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const adapters = deps.adapters ?? {};
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
  app.decorate('db', database.db);
  app.decorate('clock', clock);
  app.decorate('config', config);
  app.decorateRequest('lang', 'en');

  // Graceful close: answers sent while the app closes end their connection, so a
  // keep-alive client (a stratum node posting batches) cannot hold the server open until its
  // keep-alive timeout; idle connections are closed by Fastify itself.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers[LANGUAGE_HEADER];
    request.lang = resolveLanguage(Array.isArray(header) ? header[0] : header);
    reply.header('x-request-id', request.id);
  });

  const replayGuard = deps.redis ? new RedisReplayGuard(deps.redis) : new MemoryReplayGuard(() => clock.now().getTime());
  await app.register(accessPlugin, { publicPrefixes: [DOCS_PREFIX] });
  await app.register(securityPlugin, {
    hsts: config.HSTS ?? config.NODE_ENV === 'production',
    perMinute: config.RATE_LIMIT_PER_MINUTE,
    redis: deps.redis,
  });
  await app.register(inputGuardPlugin); // before the signature: its canon must only see safe text
  await app.register(signaturePlugin, { key: config.REQUEST_SIGN_KEY, replayGuard });
  await app.register(openApiPlugin, { version: APP_VERSION });
  // Uploads arrive as multipart; each route reads its one file with its own limits (platform/files).
  await app.register(multipart, { limits: { files: 1, fields: 5, parts: 6 } });

  const keys = deriveKeys(config);
  const notifications = new Notifications(database.db, clock);
  const platform: Platform = {
    config,
    db: database.db,
    clock,
    log: app.log,
    redis: deps.redis,
    keys,
    mailer: adapters.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, mailDir: config.MAIL_DIR, log: app.log }),
    sms: adapters.sms ?? smsProviderFrom(config, app.log),
    passwords: new PasswordHasher(keys.payPepper),
    notifications,
    audit: new AuditLog(database.db, clock),
    files: new FileService(database.db, clock, adapters.fileStore ?? fileStoreFrom(config)),
    replayGuard,
    failures: (scope, windowMs) => failureCounter({ db: database.db, clock, redis: deps.redis }, scope, windowMs),
    adapters,
    version: APP_VERSION,
    readiness: new Readiness(),
  };
  const modules = await createModules(platform);
  app.decorate('platform', platform);
  app.decorate('modules', modules);

  // Who calls: a module registered later may recognise a caller first (an observer link before a bearer token).
  const resolvers: PrincipalResolver[] = MODULES.flatMap((m) => (m.principal ? [m.principal(modules[m.name] as never)] : [])).reverse();
  app.principalResolver = async (request) => {
    for (const resolve of resolvers) {
      const principal = await resolve(request);
      if (principal) return principal;
    }
    return null;
  };

  // Operations: readiness, and the metrics when METRICS_TOKEN is set.
  await app.register(readinessPlugin, { db: database.db, redis: deps.redis, readiness: platform.readiness, version: APP_VERSION });
  await app.register(metricsPlugin, {
    token: config.METRICS_TOKEN,
    source: () => ({
      withdrawals: () => modules.wallet.admin.withdrawalCounts(),
      reconciliation: () => (modules.wallet.admin.lastReport ? { ok: modules.wallet.admin.lastReport.ok, at: new Date(modules.wallet.admin.lastReport.checkedAt) } : undefined),
      version: APP_VERSION,
    }),
  });

  await app.register(notificationsRoutes(notifications), { prefix: '/api' });
  for (const m of MODULES) {
    const use: Use = (name) => modules[name];
    if (m.routes) await app.register(m.routes(modules[m.name] as never, platform, use), { prefix: '/api' });
    if (m.close) app.addHook('onClose', () => m.close!(modules[m.name] as never));
  }

  await app.register(spaPlugin, { distDir: config.WEB_DIST_DIR });
  return app;
}
