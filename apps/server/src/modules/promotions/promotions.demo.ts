// Demo only (DEMO_SEED): a coupon campaign "Demo: 20 % off the FPPS fee" with three codes
// (DEMO-COUPON-0001..0003) and a demo hashrate gift packet with a fixed link id, both labelled
// demo (is_demo) and made by the module's own services (the packet's budget reserved from
// sys:promotions). A second start adds nothing.
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { CouponsService } from './coupons.service';
import * as repo from './promotions.repository';
import type { RedPacketsService } from './red-packets.service';

export const DEMO_COUPON_CODES = ['DEMO-COUPON-0001', 'DEMO-COUPON-0002', 'DEMO-COUPON-0003'];
export const DEMO_PACKET_ID = 'demoRedPacket000000000';
const DAY_MS = 86_400_000;

export async function seedDemoPromotions(db: Db, clock: Clock, { coupons, redPackets }: { coupons: CouponsService; redPackets: RedPacketsService }): Promise<void> {
  const now = clock.now();
  const { rows } = await repo.pageCampaigns(db, 0, 1_000);
  if (!rows.some((r) => r.campaign.isDemo)) {
    await coupons.createCampaign(
      null,
      { name: 'Demo: 20 % off the FPPS fee', names: { 'zh-CN': '演示：FPPS 手续费减 20%', 'ru-RU': 'Демо: скидка 20 % на комиссию FPPS', ja: 'デモ：FPPS 手数料 20% オフ', ko: '데모: FPPS 수수료 20% 할인' }, reduction_percent: '20', coins: [], valid_days: 30, use_before: new Date(now.getTime() + 365 * DAY_MS).toISOString(), code_count: DEMO_COUPON_CODES.length },
      { isDemo: true, codes: DEMO_COUPON_CODES },
    );
  }
  if (!(await repo.findPacket(db, DEMO_PACKET_ID))) {
    await redPackets.create(
      null,
      { name: 'Demo hashrate gift: 100 TH/s BTC for 7 days', names: { 'zh-CN': '演示算力红包：100 TH/s BTC，7 天', 'ru-RU': 'Демо-подарок хешрейта: 100 TH/s BTC на 7 дней', ja: 'デモ算力ギフト：100 TH/s BTC、7 日間', ko: '데모 해시레이트 선물: 100 TH/s BTC, 7일' }, coin: 'btc', hashrate: 100e12, duration_days: 7, shares: 20, budget: '0.05', activation_deadline: new Date(now.getTime() + 30 * DAY_MS).toISOString() },
      { id: DEMO_PACKET_ID, isDemo: true },
    );
  }
}
