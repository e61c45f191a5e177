// The promotions module in the registry: fee coupons, which it registers into the
// earnings module's feeReductions extension point (both settlements and the profits page), and
// hashrate gift red packets paid from sys:promotions. Its job (leased) expires and finishes
// coupons, records their savings, credits red packet profit and returns what packets leave.
import { defineModule } from '../../platform/modules';
import { CouponsService } from './coupons.service';
import { seedDemoPromotions } from './promotions.demo';
import { startPromotionsJobs } from './promotions.jobs';
import { promotionsRoutes } from './promotions.routes';
import { RedPacketCreditsService } from './red-packet-credits.service';
import { RedPacketsService } from './red-packets.service';

export interface PromotionsApi {
  coupons: CouponsService;
  redPackets: RedPacketsService;
  /** The red packets' daily credits and their end (the promotions job). */
  redPacketCredits: RedPacketCreditsService;
}

export const promotionsModule = defineModule({
  name: 'promotions',
  dependsOn: ['accounts', 'wallet', 'earnings'],
  create: (p, use) => {
    const { db, clock, audit } = p;
    const accounts = use('accounts').directory;
    const { settlement, earnings } = use('earnings');
    const feeRates = async (coin: string) => (await earnings.feeRates([coin])).get(coin) ?? new Map<string, string>();
    const coupons = new CouponsService(db, clock, { accounts, settlement, feeRates, audit });
    use('earnings').feeReductions.register({
      feeReduction: (coin, day, ids) => coupons.feeReduction(coin, day, ids),
      recordBlockSavings: (tx, entry) => coupons.recordBlockSavings(tx, entry),
      savingsByDay: (account, coin, days) => coupons.savingsByDay(account, coin, days),
    });
    return {
      coupons,
      redPackets: new RedPacketsService(db, clock, { accounts, audit, notifications: p.notifications, checks: use('wallet').checks }),
      redPacketCredits: new RedPacketCreditsService(db, clock, { earnings, notifications: p.notifications }),
    };
  },
  routes: (api, p) => promotionsRoutes(api, { e2eHooks: p.config.E2E_HOOKS }),
  // A demo campaign with three codes and a demo packet (labelled demo).
  demo: (api, p) => seedDemoPromotions(p.db, p.clock, api),
  jobs: (api, p) => startPromotionsJobs({ ...api, db: p.db, log: p.log }),
});
