// Demo only (DEMO_SEED): a coupon campaign "Demo: 20 % off the FPPS fee" with three codes
// (DEMO-COUPON-0001..0003) and a demo hashrate gift packet with a fixed link id, both labelled
// demo (is_demo) and made by the real services (the packet's budget reserved from sys:promotions).
// A second start adds nothing.
import type { Db } from '../../db/client';
import { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AccountDirectory } from '../accounts';
import { CouponsService } from './coupons.service';
import * as repo from './promotions.repository';
import { RedPacketsService } from './red-packets.service';

export const DEMO_COUPON_CODES = ['DEMO-COUPON-0001', 'DEMO-COUPON-0002', 'DEMO-COUPON-0003'];
export const DEMO_PACKET_ID = 'demoRedPacket000000000';
const DAY_MS = 86_400_000;

export async function seedDemoPromotions(db: Db, clock: Clock): Promise<void> {
  const now = clock.now();
  const accounts = new AccountDirectory(db);
  const audit = new AuditLog(db, clock);
  const { rows } = await repo.pageCampaigns(db, 0, 1_000);
  if (!rows.some((r) => r.campaign.isDemo)) {
    const unused = async () => new Map<string, string>();
    const coupons = new CouponsService(db, clock, { accounts, audit, feeRates: unused, settlement: { settledRows: async () => null } });
    await coupons.createCampaign(
      null,
      { name: 'Demo: 20 % off the FPPS fee', reduction_percent: '20', coins: [], valid_days: 30, use_before: new Date(now.getTime() + 365 * DAY_MS).toISOString(), code_count: DEMO_COUPON_CODES.length },
      { isDemo: true, codes: DEMO_COUPON_CODES },
    );
  }
  if (!(await repo.findPacket(db, DEMO_PACKET_ID))) {
    const packets = new RedPacketsService(db, clock, { accounts, audit, earnings: { fppsDayGross: () => Promise.reject(new Error('the demo seed credits nothing')), extendMarketData: () => Promise.reject(new Error('the demo seed adds no market day')) }, notifications: { post: () => Promise.reject(new Error('the demo seed posts nothing')) }, checks: { authorise: () => Promise.reject(new Error('the demo seed funds no packet from a balance')) } });
    await packets.create(
      null,
      { name: 'Demo hashrate gift: 100 TH/s BTC for 7 days', coin: 'btc', hashrate: 100e12, duration_days: 7, shares: 20, budget: '0.05', activation_deadline: new Date(now.getTime() + 30 * DAY_MS).toISOString() },
      { id: DEMO_PACKET_ID, isDemo: true },
    );
  }
}
