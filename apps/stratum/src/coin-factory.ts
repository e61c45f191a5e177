// The one place that names the coin side's implementation, so the protocol server and its tests
// depend only on the seam (src/coin/types.ts).
import { createBitcoinFamilyWork } from './coin/bitcoin-family.js';
import type { BitcoinFamilyOptions, BlockEventSink, CoinHooks, CoinWork, Logger } from './coin/types.js';

export function createCoinWork(options: BitcoinFamilyOptions, sink: BlockEventSink, log: Logger, hooks?: CoinHooks): CoinWork {
  return createBitcoinFamilyWork(options, sink, log, hooks);
}
