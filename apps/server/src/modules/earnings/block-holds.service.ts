// Held blocks, the operators' side: a matured pool block whose reward did not check out on the
// coin's wallet node (block-settlement.service.ts, chainVerdict) pays nothing and is checked again
// every settlement round, so a block held while the node was syncing is paid once the node shows
// it. Finance operators see each held block with what the node said, and can give one up (void):
// it is settled with nothing paid and not asked again, with their reason in the audit log. There is
// no way to pay a held block by hand: the ledger takes a reward only as the chain shows it.
// The public block list shows these states too (the mining module's blockReviews point).
import type { BlockHoldReason } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { MiningApi } from '../mining';
import * as repo from './block-payouts.repository';
import { plain } from './earnings.presenter';

export class BlockHoldsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly auditLog: AuditLog,
    private readonly blocks: Pick<MiningApi['blocks'], 'byIds'>,
  ) {}

  /** Every block held now, oldest first, with each reason the node gave. */
  async list() {
    const holds = await repo.currentHolds(this.db);
    const blocks = await this.blocks.byIds([...new Set(holds.map((h) => h.blockId))]);
    return {
      list: blocks.map((b) => ({
        id: b.id,
        coin: b.coin,
        height: b.height,
        hash: b.hash,
        reward: plain(b.reward),
        found_at: b.foundAt.toISOString(),
        holds: holds.filter((h) => h.blockId === b.id).map((h) => ({ reason: h.reason as BlockHoldReason, detail: h.detail, since: h.alertedAt.toISOString(), last_seen: h.lastSeenAt.toISOString() })),
      })),
    };
  }

  /**
   * Gives a held block up. Only a block held at this moment: one that passed the check or was
   * settled meanwhile is refused (block_not_held), and the settlement row is the one both sides
   * insert, so a settlement running at the same time and this void never both happen.
   */
  async void(adminUserId: string, blockId: number, reason: string): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      // The lock first, then the check in a statement of its own: it sees a chain pass that was
      // recorded while this waited (read committed), and a pass after this waits for the void.
      await repo.lockBlockHolds(tx, blockId);
      if ((await repo.currentHolds(tx, [blockId])).length === 0) throw new AppError('block_not_held');
      const [block] = await this.blocks.byIds([blockId], tx);
      if (!block || !(await repo.insertVoided(tx, { blockId, coin: block.coin, reward: block.reward, at: this.clock.now() }))) throw new AppError('block_not_held');
      await this.auditLog.record({ adminUserId, action: 'block_void', target: `block:${block.coin}:${block.height}`, detail: { hash: block.hash, reason } }, tx);
    }, { isolation: 'read committed' }); // the check after the lock must see what committed meanwhile
  }

  /** The public list's word on matured blocks: held now, or voided (BlockReviews). */
  async reviews(ids: readonly number[]): Promise<Map<number, 'held' | 'void'>> {
    const [held, voided] = await Promise.all([repo.currentHolds(this.db, ids), repo.settledBlockIds(this.db, ids, 'void')]);
    const states = new Map<number, 'held' | 'void'>(held.map((h) => [h.blockId, 'held']));
    for (const id of voided) states.set(id, 'void');
    return states;
  }
}
