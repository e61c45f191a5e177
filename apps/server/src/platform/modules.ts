// The contract between the app and its modules (docs/architecture.md, "The module registry").
// A module is one folder under modules/ whose index.ts exports a ModuleDefinition; the registry
// (modules/registry.ts) lists them in dependency order, and app.ts, main.ts and db/prepare.ts read
// that list: they create each module's services, register its routes under /api, run its seeds
// and start its jobs. Adding a module touches its own folder and one line of the registry.
//
// Typing without a central list of types: each module adds its public API to ModuleApis (and any
// outside adapter a test may replace to AppAdapters) by declaration merging in its index.ts:
//   declare module '../../platform/modules' { interface ModuleApis { mining: MiningApi } }
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { PrincipalResolver } from './access';
import type { AuditLog } from './audit';
import type { Readiness } from './readiness';
import type { Clock } from './clock';
import type { FailureCounter } from './failure-counter';
import type { FileService, FileStore } from './files';
import type { ServerKeys } from './keys';
import type { Mailer } from './mailer';
import type { Notifications } from './notifications';
import type { PasswordHasher } from './passwords';
import type { ReplayGuard } from './replay-guard';
import type { SmsProvider } from './sms';

/** Every module's public API by module name; each module adds its own entry (see above). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleApis {}
export type ModuleName = keyof ModuleApis;

/** Outside services a caller of buildApp may replace (a test's fake, a provider adapter); modules add theirs. */
export interface AppAdapters {
  mailer?: Mailer;
  sms?: SmsProvider;
  /** Where uploaded files' bytes go (FILE_STORAGE's store by default). */
  fileStore?: FileStore;
}

/** What every module is built from: configuration, the database and the platform's shared parts. */
export interface Platform {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** REDIS_URL's client when configured: shared counters and caches of several instances. */
  redis: Redis | undefined;
  keys: ServerKeys;
  mailer: Mailer;
  sms: SmsProvider;
  passwords: PasswordHasher;
  notifications: Notifications;
  audit: AuditLog;
  /** Uploaded files (type from the content, size-bounded, random names), in UPLOAD_DIR or an S3 bucket. */
  files: FileService;
  /** Single use of a value within a time (signature nonces, captcha solutions): Redis or memory. */
  replayGuard: ReplayGuard;
  /** A failure counter of its own scope (Redis or the database, never memory). */
  failures(scope: string, windowMs: number): FailureCounter;
  /** Replacements the caller of buildApp passed in; a module falls back to its own default. */
  adapters: AppAdapters;
  /** Checks GET /api/ready runs besides the database and Redis (a module's outside connections). */
  readiness: Readiness;
  /** The package's version (package.json). */
  version: string;
}

/** Gives the API of a module created earlier (one the module declared in dependsOn). */
export type Use = <M extends ModuleName>(name: M) => ModuleApis[M];

/** Stops what jobs() started; awaited at shutdown before the database closes. */
export type StopJobs = () => void | Promise<void>;

export interface ModuleDefinition<N extends ModuleName = ModuleName> {
  name: N;
  /** Modules whose APIs create() and routes() use: listed before this one in the registry. */
  dependsOn: readonly ModuleName[];
  /**
   * Builds the module's services from the platform and earlier modules' APIs. A need that runs
   * against the order is an extension point (platform/extension-point.ts) of the earlier module,
   * which this one registers into here.
   */
  create(platform: Platform, use: Use): ModuleApis[N] | Promise<ModuleApis[N]>;
  /** The module's HTTP routes, registered under /api; every route declares its access policy. */
  routes?(api: ModuleApis[N], platform: Platform, use: Use): (app: FastifyInstance) => Promise<void>;
  /** Who calls, from the request (bearer token, observer link); later modules are asked first. */
  principal?(api: ModuleApis[N]): PrincipalResolver;
  /** Reference data every database needs (idempotent; every start, after the migrations). */
  seed?(db: Db, clock: Clock): Promise<void>;
  /**
   * Demo data when DEMO_SEED is on (idempotent, labelled demo), after every module is created: it
   * writes through the module's own services and the declared dependencies' APIs (app.ts loadDemoData).
   */
  demo?(api: ModuleApis[N], platform: Platform, use: Use): Promise<void>;
  /** Background work of a serving process (main.ts; tests call the steps themselves). */
  jobs?(api: ModuleApis[N], platform: Platform, use: Use): StopJobs | Promise<StopJobs>;
  /** Runs when the app closes (queues flushed, threads stopped). */
  close?(api: ModuleApis[N]): Promise<void>;
}

/** A module as the registry holds it: any module name, its own API. */
export type RegisteredModule = { [N in ModuleName]: ModuleDefinition<N> }[ModuleName];

/** Declares a module with its name's API type checked. */
export function defineModule<N extends ModuleName>(definition: ModuleDefinition<N>): ModuleDefinition<N> {
  return definition;
}
