// A pool block as the block-based methods use it, and what it shares out once mature.
import { LedgerDecimal as Decimal } from '../ledger';
import type { Num } from './market';

export type BlockStatus = 'pending' | 'confirmed' | 'orphaned';

/** A block the pool found, as the block-based methods use it. */
export interface PoolBlock {
  /** R: subsidy and fees as the chain paid them. */
  reward: Num;
  /** B of the block's day (market data). */
  subsidy: Num;
  /** confirmed = mature. Pending blocks pay nothing yet; orphaned ones never. */
  status: BlockStatus;
  /** The sub-account (or address) whose worker found it. */
  finder: string;
}

/** What a block shares out: its whole reward (PPLNS, SOLO), or its fees R - B (PPS+), once mature. */
export function blockShareable(block: PoolBlock, part: 'reward' | 'fees'): Decimal {
  if (block.status !== 'confirmed') return new Decimal(0);
  const reward = new Decimal(block.reward);
  return part === 'reward' ? reward : Decimal.max(reward.minus(block.subsidy), 0);
}
