// Fastify augmentation for what our platform plugins add to routes, requests and the app.
import type { Language } from '@hashpool/shared';
import type { AccessPolicy, Principal, PrincipalResolver, RouteRecord } from './platform/access';
import type { Clock } from './platform/clock';
import type { Db } from './db/client';
import type { Config } from './config';
import type { ModuleApis, Platform } from './platform/modules';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every /api route must say (platform/access.ts). */
    access?: AccessPolicy;
    /** Request signature of docs/security.md: required by default for state-changing calls (platform/signature.ts). */
    signed?: boolean;
  }
  interface FastifyRequest {
    lang: Language;
    principal: Principal | null;
  }
  interface FastifyInstance {
    routeRecords: RouteRecord[];
    principalResolver: PrincipalResolver;
    db: Db;
    clock: Clock;
    config: Config;
    /** The platform's shared parts every module was built from. */
    platform: Platform;
    /** Every module's services by module name (modules/registry.ts): jobs and tests reach them here. */
    modules: ModuleApis;
  }
}
