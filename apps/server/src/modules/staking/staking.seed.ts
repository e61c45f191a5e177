// Demo data (DEMO_SEED), labelled demo: one active flexible stake batch around the demo clock and
// one loan product. Idempotent: written once, by its batch ID and product name.
import { eq } from 'drizzle-orm';
import { STAKING_COIN } from '@hashpool/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { addDays, dayOf } from './staking.rules';
import { loanProducts, stakeBatches } from './staking.tables';

export const DEMO_BATCH_CODE = 'DEMO-ALEO-FLEX';
export const DEMO_PRODUCT_NAME = 'Demo ALEO stake loan';

export async function seedDemoStaking(db: Db, clock: Clock): Promise<void> {
  const today = dayOf(clock.now());
  const [batch] = await db.select({ id: stakeBatches.id }).from(stakeBatches).where(eq(stakeBatches.code, DEMO_BATCH_CODE));
  if (!batch) {
    await db.insert(stakeBatches).values({
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
  const [product] = await db.select({ id: loanProducts.id }).from(loanProducts).where(eq(loanProducts.name, DEMO_PRODUCT_NAME));
  if (!product) {
    await db.insert(loanProducts).values({
      name: DEMO_PRODUCT_NAME,
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
}
