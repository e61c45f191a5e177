// When a pool block's PPLNS window is complete. The window counts the 10-minute history point the
// block fell in for its part before the block, and that point's shares (some stamped after the
// block) reach the pool up to an hour late from a stratum's outbox: the block is paid
// SETTLE_AFTER_MS after the end of that point, 65 to 75 minutes after it was found. Maturity alone
// does not wait that long on every coin (KDA and ALEO at once, ETH in 14 minutes, regtest at once).
import { SETTLE_AFTER_MS } from '@hashpool/shared';
import { POINT_SECONDS } from '../mining';

/** The instant (ms) from which a block found at `foundAt` may be settled. */
export function windowSettlesAt(foundAt: Date): number {
  const point = POINT_SECONDS * 1000;
  return (Math.floor(foundAt.getTime() / point) + 1) * point + SETTLE_AFTER_MS;
}
