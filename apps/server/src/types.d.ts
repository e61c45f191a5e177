// Fastify augmentation for what our platform plugins add to routes, requests and the app.
import type { Language } from '@hashpool/shared';
import type { AccessPolicy, Principal, PrincipalResolver, RouteRecord } from './platform/access';
import type { Clock } from './platform/clock';
import type { Db } from './db/client';
import type { Config } from './config';
import type { IngestService } from './modules/mining/ingest.service';
import type { AlertsService } from './modules/mining/alerts.service';
import type { BlocksService } from './modules/mining/blocks.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every /api route must say (platform/access.ts). */
    access?: AccessPolicy;
    /** Request signature of SPEC.md section 5: required by default for state-changing calls (platform/signature.ts). */
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
    /** Share ingestion (group commit); jobs and tests flush it and refresh the windows. */
    ingest: IngestService;
    /** Alert evaluation; the minute job runs it after the window refresh. */
    alerts: AlertsService;
    /** Block and network events (the demo simulator reports through it). */
    blocks: BlocksService;
  }
}
