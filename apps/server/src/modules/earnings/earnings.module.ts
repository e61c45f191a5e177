// The earnings module in the registry: payout methods, fee rates and market data; the daily and
// per-block settlement that credits miners; profits pages and export; address mining's earnings;
// invitation rewards. Its job extends the market data and settles each day and matured block.
import { listPools } from '../content';
import { ExtensionPoint } from '../../platform/extension-point';
import { cachedRead } from '../../platform/cached-read';
import { defineModule } from '../../platform/modules';
import { AddressEarningsService } from './address-earnings.service';
import { addressEarningsRoutes } from './address-earnings.routes';
import { BlockSettlementService } from './block-settlement.service';
import { BlockHoldsService } from './block-holds.service';
import { seedDemoSettlements } from './earnings.demo';
import { EarningsAdminService } from './earnings-admin.service';
import { startEarningsJobs } from './earnings.jobs';
import { earningsRoutes } from './earnings.routes';
import { seedEarnings } from './earnings.seed';
import { EarningsService } from './earnings.service';
import { noFeeReduction, noFeeSavings, type FeeReduction, type FeeReductionProvider } from './fee-reduction';
import { FeedPricedMarketData, SimulatedMarketData, type MarketDataAdapter } from './market-data';
import { NodeMarketData } from './node-market-data';
import { recordMarketGap } from './earnings.repository';
import { blockSettlement, lockBlockHolds, recordBlockHold } from './block-payouts.repository';
import type { BlockHeld } from './block-settlement.service';
import { inTransaction } from '../../db/transaction';
import { MiningOverviewService } from './mining-overview.service';
import { ProfitsService } from './profits.service';
import { ReferralService } from './referral.service';
import { SettlementService } from './settlement.service';

export interface EarningsApi {
  earnings: EarningsService;
  settlement: SettlementService;
  blockSettlement: BlockSettlementService;
  referral: ReferralService;
  profits: ProfitsService;
  miningOverview: MiningOverviewService;
  addressEarnings: AddressEarningsService;
  admin: EarningsAdminService;
  /** Held blocks: the finance operators' list and void. */
  holds: BlockHoldsService;
  /** Fee reductions both settlements apply and the profits page shows: the promotions module registers its coupons. */
  feeReductions: ExtensionPoint<FeeReductionProvider>;
}

export const earningsModule = defineModule({
  name: 'earnings',
  dependsOn: ['content', 'accounts', 'prices', 'mining', 'wallet'],
  create: (p, use) => {
    const { db, clock } = p;
    const accounts = use('accounts').directory;
    const { history, blocks, workers } = use('mining');
    // What a later module registers (the promotions module's coupons), read when a settlement runs;
    // a caller's `feeReduction` adapter replaces the reduction itself.
    const feeReductions = new ExtensionPoint<FeeReductionProvider>('earnings.feeReductions');
    const feeReduction: FeeReduction = p.adapters.feeReduction ?? ((coin, day, ids) => (feeReductions.provider?.feeReduction ?? noFeeReduction)(coin, day, ids));
    // The demo market's walk prices each day; with a price feed (or manual prices) the day's price
    // is the fresh quote, or none while it is stale.
    const { prices } = use('prices');
    const dayPrice = (coin: string, day: string) => prices.dayPrice(coin, day);
    // A coin whose chain is a wallet node has its network values measured by that node; the others walk.
    const walk = p.adapters.marketData ?? new NodeMarketData(new SimulatedMarketData(), (coin) => use('wallet').chain.nodeUrl(coin), () => clock.now(), p.config.WALLET_RPC_TIMEOUT_SECONDS * 1000);
    const market = prices.source === 'demo' ? walk : new FeedPricedMarketData(walk, async (coin, day) => (await dayPrice(coin, day)) ?? null);
    // Recorded and told in one transaction: a gap is never marked as told without its messages.
    const marketGap = async (coin: string, day: string, reason: string) => {
      const operators = await accounts.operators(['finance']);
      await inTransaction(db, async (tx) => {
        if (!(await recordMarketGap(tx, coin, day, reason, clock.now()))) return;
        p.log.warn({ coin, day, reason }, 'market data missing: the coin\'s settlement waits');
        await p.notifications.alertOperators(operators, { alert: 'market_data_missing', coin: coin.toUpperCase(), day }, tx);
      });
    };
    const earnings = new EarningsService(db, clock, market, dayPrice, marketGap);
    // A matured block the chain did not confirm: recorded and told once, like a market gap.
    const blockHeld: BlockHeld = async (block, hold) => {
      const operators = await accounts.operators(['finance']);
      await inTransaction(db, async (tx) => {
        // Not for a block an operator voided while this check ran (its settlement row is there).
        await lockBlockHolds(tx, block.id);
        if (await blockSettlement(tx, block.id)) return;
        if (!(await recordBlockHold(tx, { blockId: block.id, coin: block.coin, ...hold, at: clock.now() }))) return;
        p.log.warn({ coin: block.coin, height: block.height, hash: block.hash, ...hold }, 'block held: its reward did not check out on the chain; nothing is paid for it');
        await p.notifications.alertOperators(operators, { alert: 'block_held', reason: hold.reason, coin: block.coin.toUpperCase(), height: String(block.height) }, tx);
      });
    };
    // The public block list shows a matured block held by the chain check, or voided, as such.
    const holds = new BlockHoldsService(db, clock, p.audit, blocks);
    use('mining').blockReviews.register((ids) => holds.reviews(ids));
    // GET /pools shows the default payout method's fee in force today (and a change made today).
    use('content').poolFees.register(() => earnings.defaultFeeRates());
    return {
      earnings,
      settlement: new SettlementService(db, clock, { earnings, history, accounts, feeReduction }),
      blockSettlement: new BlockSettlementService(db, clock, { earnings, chain: use('wallet').chain, blocks, history, accounts, feeReduction, recordFeeSavings: (tx, entry) => (feeReductions.provider?.recordBlockSavings ?? noFeeSavings)(tx, entry), held: blockHeld, log: p.log }),
      referral: new ReferralService(db, clock, accounts),
      profits: new ProfitsService(db, clock, { earnings, history, accounts, transactions: use('wallet').transactions, content: use('content').content, couponSavings: async (account, coin, days) => (feeReductions.provider ? feeReductions.provider.savingsByDay(account, coin, days) : new Map<string, string>()) }),
      miningOverview: new MiningOverviewService(db, clock, { accounts, workers }),
      addressEarnings: new AddressEarningsService(db, clock, {
        // Operators' settings shown on every profits view of the public address pages: read once
        // per 10 s by this instance rather than twice per view (a change shows within 10 s).
        feeRates: cachedRead(10_000, () => earnings.feeRates()),
        history,
        minPayouts: cachedRead(10_000, () => use('wallet').limits.minWithdrawals()),
        payouts: use('wallet').payouts,
      }),
      admin: new EarningsAdminService(db, clock, p.audit, accounts, earnings),
      holds,
      feeReductions,
    };
  },
  routes: (api, _p, use) => async (app) => {
    await app.register(addressEarningsRoutes(api.addressEarnings));
    await app.register(earningsRoutes({ ...api, blocks: use('mining').blocks, accounts: use('accounts').directory }));
  },
  // Fee rates and the first market day start from the coin registry (pool fee, price).
  seed: async (db, clock) => seedEarnings(db, clock.now(), await listPools(db)),
  // A week of the demo farm's mining, settled by the real settlement (labelled demo: the demo farm).
  demo: async (api, p, use) => seedDemoSettlements(p.db, p.clock, await listPools(p.db), { settlement: api.settlement, history: use('mining').history, accounts: use('accounts').directory }),
  jobs: (api, p) => startEarningsJobs({ ...api, db: p.db, clock: p.clock, log: p.log, intervalMs: p.config.EARNINGS_JOB_INTERVAL_SECONDS * 1000 }),
});

declare module '../../platform/modules' {
  interface AppAdapters {
    /** Market data per coin and day (price, difficulty, subsidy, fees); simulated by default. */
    marketData?: MarketDataAdapter;
    /**
     * Fee reductions per sub-account, coin and day, which both settlements apply (the promotions
     * module provides them); nobody has one by default.
     */
    feeReduction?: FeeReduction;
  }
}
