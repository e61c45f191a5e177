// Demo data (DEMO_SEED), labelled demo: one active flexible stake batch around the demo clock, one
// loan product, and the demo user's stake of three days ago (on its second sub-account, from a
// demo credit of ALEO), so its reward has accrued when the demo is first opened. Made by the
// module's own services (the stake by a staking service on a clock three days back, so it starts
// in the past as a user's would have). Idempotent: written once, by the batch code, the product
// name and the demo user's stakes.
import { STAKING_COIN } from '@hashpool/shared';
import type { Db } from '../../db/client';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { DEMO_ACCOUNTS, type AccountDirectory } from '../accounts';
import { movement, post, SYSTEM } from '../ledger';
import type { LoansService } from './loans.service';
import { allStakesOf, batchByCode, productByName } from './staking.repository';
import { addDays, dayOf } from './staking.rules';
import { StakingService, type CarriedFractions } from './staking.service';

const DEMO_STAKE = '100';
const DEMO_CREDIT = '500';
const DEMO_STAKE_AGE_MS = 3 * 86_400_000;

export const DEMO_BATCH_CODE = 'DEMO-ALEO-FLEX';
export const DEMO_PRODUCT_NAME = 'Demo ALEO stake loan';

export async function seedDemoStaking(api: { staking: StakingService; loans: LoansService }, p: { db: Db; clock: Clock; audit: AuditLog }, directory: AccountDirectory, carried: CarriedFractions): Promise<void> {
  const today = dayOf(p.clock.now());
  let batch = await batchByCode(p.db, DEMO_BATCH_CODE);
  if (!batch) {
    const saved = await api.staking.saveBatch(
      null,
      null,
      { code: DEMO_BATCH_CODE, start_day: addDays(today, -30), end_day: addDays(today, 365), annual_rate: '0.08', fee_rate: '0.1', status: 'active', duration_type: 'flexible', stake_type: 'adjustable', max_amount: '1000000' },
      { demo: true },
    );
    batch = (await batchByCode(p.db, saved.code))!;
  }
  if (!(await productByName(p.db, DEMO_PRODUCT_NAME))) {
    await api.loans.saveProduct(
      null,
      null,
      {
        name: DEMO_PRODUCT_NAME,
        names: { 'zh-CN': '演示 ALEO 质押借贷', 'ru-RU': 'Демо-займ под стейк ALEO', ja: 'デモ ALEO ステーク担保ローン', ko: '데모 ALEO 스테이크 대출' },
        min_amount: '10', max_amount: '10000', rate: '0.12', rate_period: 'annual', period_days: 30, capacity: '100000', auto_approve_below: '100', status: 'active',
      },
      { demo: true },
    );
  }
  await seedDemoStake(api.loans, p, directory, batch.id, carried);
}

async function seedDemoStake(loans: LoansService, p: { db: Db; clock: Clock; audit: AuditLog }, directory: AccountDirectory, batchId: string, carried: CarriedFractions): Promise<void> {
  // The second demo sub-account: the first one's wallet is the wallet pages' demo (its settled BTC).
  const name = DEMO_ACCOUNTS[1]!;
  const accountId = (await directory.idsByNames([name])).get(name);
  if (!accountId) return;
  const userId = (await directory.ownersOf([accountId])).get(accountId)!;
  if ((await allStakesOf(p.db, userId)).length > 0) return;
  const at = new Date(p.clock.now().getTime() - DEMO_STAKE_AGE_MS);
  await post(p.db, movement({ idempotencyKey: `demo-staking:credit:${accountId}`, businessType: 'system_adjustment', memo: { reason: 'demo ALEO for staking' }, coin: STAKING_COIN, amount: DEMO_CREDIT, from: { holder: SYSTEM.adjustments }, to: { holder: accountId } }), at);
  const past = new StakingService(p.db, { now: () => at }, p.audit, directory, (tx, stake, now) => loans.settle(tx, stake, now), carried);
  await past.stake(userId, accountId, 'demo', { batch_id: batchId, amount: DEMO_STAKE });
}
