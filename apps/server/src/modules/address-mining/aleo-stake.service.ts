// ALEO stake calculator: the stake the pool needs for a hashrate to
// land all its puzzle solutions, and the shortfall against a stake the miner has. Expected
// solutions per epoch = hashrate x epoch seconds / proof target, the proof target being the
// network difficulty stratum nodes last reported for ALEO (one hash per unit of difficulty).
// Landing n solutions in an epoch takes n x the schedule's stake per solution (ARC-46), so the
// stake needed is ceil(expected solutions) x stake per solution at the moment asked.
import { LedgerDecimal as Decimal, type DecimalValue } from '../ledger';
import { ALEO_EPOCH_SECONDS, ALEO_STAKE_SCHEDULE_SEED } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { cachedRead } from '../../platform/cached-read';
import { AppError } from '../../platform/errors';
import { addressOf } from '../../platform/coin-checks';
import type { MiningApi } from '../mining';
import * as repo from './address-mining.repository';

export function seedAleoStakeSchedule(db: Db, now: Date): Promise<void> {
  return repo.insertMissingEntries(db, ALEO_STAKE_SCHEDULE_SEED.map((s) => ({ effectiveFrom: new Date(s.from), stakePerSolution: s.perSolution })), now);
}

const plain = (value: DecimalValue) => new Decimal(value).toFixed();

export class AleoStakeService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly mining: MiningApi,
  ) {}

  /**
   * The schedule as the calculator reads it: once per 10 s per instance (the public calculator is
   * asked on every dashboard view); an operator's change here is seen at once, on other instances
   * within 10 s. The schedule page itself reads it fresh.
   */
  private readonly calculatorSchedule = cachedRead(10_000, () => repo.scheduleEntries(this.db));

  async schedule() {
    const rows = await repo.scheduleEntries(this.db);
    return rows.map((r) => ({ from: r.effectiveFrom.toISOString(), stake_per_solution: plain(r.stakePerSolution), source: r.source, updated_at: r.updatedAt.toISOString() }));
  }

  async calculate(coin: string, query: { hashrate?: number | undefined; address?: string | undefined; stake?: string | undefined }) {
    if (coin !== 'aleo') throw new AppError('coin_not_found');
    // The hashrate given, or the address's own (then the address must be one of this coin's).
    let ownOrGiven: number | Promise<number>;
    if (query.hashrate !== undefined) ownOrGiven = query.hashrate;
    else {
      if (!query.address) throw new AppError('validation_failed', { fields: [{ field: 'querystring.hashrate', messageKey: 'required' }] });
      addressOf(coin, query.address);
      ownOrGiven = this.mining.workers.accountStats({ address: query.address }, coin).then((s) => s.hashrate_24h);
    }
    const now = this.clock.now();
    // Three independent reads, asked at once.
    const [hashrate, proofTarget, entries] = await Promise.all([
      ownOrGiven,
      this.mining.blocks.latestDifficulty(coin),
      this.calculatorSchedule(),
    ]);
    const source: 'input' | 'address' = query.hashrate === undefined ? 'address' : 'input';
    const current = [...entries].reverse().find((e) => e.effectiveFrom <= now);
    const next = entries.find((e) => e.effectiveFrom > now);
    const perSolution = new Decimal(current?.stakePerSolution ?? 0);
    const solutions = proofTarget ? (hashrate * ALEO_EPOCH_SECONDS) / proofTarget : 0;
    const required = perSolution.times(Math.ceil(solutions - 1e-9));
    const stake = query.stake === undefined ? null : new Decimal(query.stake);
    return {
      hashrate,
      hashrate_source: source,
      proof_target: proofTarget,
      solutions_per_epoch: solutions,
      epoch_seconds: ALEO_EPOCH_SECONDS,
      stake_per_solution: plain(perSolution),
      required_stake: plain(required),
      stake: stake ? plain(stake) : null,
      // Without a reported proof target there is no estimate to hold a stake against.
      shortfall: stake && proofTarget ? plain(Decimal.max(0, required.minus(stake))) : null,
      sufficient: stake && proofTarget ? stake.gte(required) : null,
      next_change: next ? { from: next.effectiveFrom.toISOString(), stake_per_solution: plain(next.stakePerSolution) } : null,
    };
  }

  /** An operator adds or changes an entry (audited with the reason). */
  async setEntry(adminUserId: string, body: { from: string; stake_per_solution: string; reason: string }) {
    const from = new Date(body.from);
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      const old = await repo.findEntryForUpdate(tx, from);
      await repo.upsertEntry(tx, { effectiveFrom: from, stakePerSolution: body.stake_per_solution, updatedBy: adminUserId, updatedAt: now });
      await this.audit.record({ adminUserId, action: 'stake_schedule_update', target: `aleo_stake:${from.toISOString()}`, detail: { from: old ? plain(old.stakePerSolution) : '', to: plain(body.stake_per_solution), reason: body.reason } }, tx);
    });
    this.calculatorSchedule.invalidate();
    return this.schedule();
  }
}

