// Fastify augmentation for what our platform plugins add to routes, requests and the app.
import type { Language } from '@hashpool/shared';
import type { AccessPolicy, Principal, PrincipalResolver, RouteRecord } from './platform/access';
import type { Clock } from './platform/clock';
import type { Db } from './db/client';
import type { Config } from './config';
import type { IngestService } from './modules/mining/ingest.service';
import type { AlertsService } from './modules/mining/alerts.service';
import type { BlocksService } from './modules/mining/blocks.service';
import type { EarningsService } from './modules/earnings/earnings.service';
import type { SettlementService } from './modules/earnings/settlement.service';
import type { BlockSettlementService } from './modules/earnings/block-settlement.service';
import type { AleoStakeService } from './modules/address-mining/aleo-stake.service';
import type { ReferralService } from './modules/earnings/referral.service';
import type { ChainAdapter } from './modules/wallet/chain';
import type { WalletService } from './modules/wallet/wallet.service';
import type { WalletAdminService } from './modules/wallet/wallet-admin.service';
import type { WithdrawalProcessor } from './modules/wallet/withdrawal-processor';

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
    /** The wallet: its services for jobs, and the chain adapter (tests drive the simulated one). */
    wallet: { service: WalletService; admin: WalletAdminService; processor: WithdrawalProcessor; chain: ChainAdapter };
    /** Share ingestion (group commit); jobs and tests flush it and refresh the windows. */
    ingest: IngestService;
    /** Alert evaluation; the minute job runs it after the window refresh. */
    alerts: AlertsService;
    /** Block and network events (the demo simulator reports through it). */
    blocks: BlocksService;
    /** Payout methods, fee rates and market data; its job extends the market data daily. */
    earnings: EarningsService;
    settlement: SettlementService;
    blockSettlement: BlockSettlementService;
    aleoStake: AleoStakeService;
    referral: ReferralService;
  }
}
