// Demo data (DEMO_SEED), labelled demo: one active flexible stake batch around the demo clock, one
// loan product, and the demo user's stake of three days ago (on its second sub-account) (from a demo credit of ALEO), so its
// reward has accrued when the demo is first opened. Idempotent: written once, by the batch ID, the
// product name and the demo user's stakes.
import { STAKING_COIN } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { DEMO_ACCOUNTS, type AccountDirectory } from '../accounts';
import { movement, post, SYSTEM } from '../ledger';
import { addDays, dayOf } from './staking.rules';
import { allStakesOf, batchByCode, insertBatch, insertChange, insertProduct, insertStake, productByName } from './staking.repository';

const DEMO_STAKE = '100';
const DEMO_CREDIT = '500';

export const DEMO_BATCH_CODE = 'DEMO-ALEO-FLEX';
export const DEMO_PRODUCT_NAME = 'Demo ALEO stake loan';

export async function seedDemoStaking(db: Db, clock: Clock, directory: AccountDirectory): Promise<void> {
  const today = dayOf(clock.now());
  let batch = await batchByCode(db, DEMO_BATCH_CODE);
  if (!batch) {
    batch = await insertBatch(db, {
      code: DEMO_BATCH_CODE,
      coin: STAKING_COIN,
      startDay: addDays(today, -30),
      endDay: addDays(today, 365),
      annualRate: '0.08',
      feeRate: '0.1',
      status: 'active',
      durationType: 'flexible',
      stakeType: 'adjustable',
      maxAmount: '1000000',
      demo: true,
    });
  }
  if (!(await productByName(db, DEMO_PRODUCT_NAME))) {
    await insertProduct(db, {
      name: DEMO_PRODUCT_NAME,
      names: { 'zh-CN': '演示 ALEO 质押借贷', 'ru-RU': 'Демо-займ под стейк ALEO', ja: 'デモ ALEO ステーク担保ローン', ko: '데모 ALEO 스테이크 대출' },
      coin: STAKING_COIN,
      minAmount: '10',
      maxAmount: '10000',
      rate: '0.12',
      ratePeriod: 'annual',
      periodDays: 30,
      capacity: '100000',
      autoApproveBelow: '100',
      status: 'active',
      demo: true,
    });
  }
  await seedDemoStake(db, clock, directory, batch.id);
}

async function seedDemoStake(db: Db, clock: Clock, directory: AccountDirectory, batchId: string): Promise<void> {
  // The second demo sub-account: the first one's wallet is the wallet pages' demo (its settled BTC).
  const name = DEMO_ACCOUNTS[1]!;
  const accountId = (await directory.idsByNames([name])).get(name);
  if (!accountId) return;
  const userId = (await directory.ownersOf([accountId])).get(accountId)!;
  if ((await allStakesOf(db, userId)).length > 0) return;
  const at = new Date(clock.now().getTime() - 3 * 86_400_000);
  await inTransaction(db, async (tx) => {
    await post(tx, movement({ idempotencyKey: `demo-staking:credit:${accountId}`, businessType: 'system_adjustment', memo: { reason: 'demo ALEO for staking' }, coin: STAKING_COIN, amount: DEMO_CREDIT, from: { holder: SYSTEM.adjustments }, to: { holder: accountId } }), at);
    const stake = await insertStake(tx, { userId, accountId, batchId, status: 'active', amount: DEMO_STAKE, accruedThrough: dayOf(at), createdAt: at });
    const change = await insertChange(tx, { stakeId: stake.id, kind: 'stake', delta: DEMO_STAKE, idempotencyKey: 'demo', at });
    await post(tx, movement({ idempotencyKey: `stake:${change.id}`, businessType: 'stake', reference: `stake:${stake.id}`, coin: STAKING_COIN, amount: DEMO_STAKE, from: { holder: accountId }, to: { holder: accountId, bucket: 'locked' } }), at);
  });
}
