// SOLO: the finder of a block gets R x (1 - fee) once it is mature; an orphan pays nothing.
import { blockShareable, type PoolBlock } from './blocks';
import { earning, type Earning } from './fees';
import type { Num } from './market';

/** SOLO, exact: the finder's R before and after the fee once the block is mature; an orphan pays nothing. */
export function soloShare(block: PoolBlock, feeRatePercent: Num): Earning {
  return earning(blockShareable(block, 'reward'), feeRatePercent);
}
