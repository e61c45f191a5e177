// ALEO stake calculator (the address-mining issue): the stake the pool needs for a hashrate to
// land all its puzzle solutions, and the shortfall against a stake the miner has. Expected
// solutions per epoch = hashrate x epoch seconds / proof target, the proof target being the
// network difficulty stratum nodes last reported for ALEO (one hash per unit of difficulty).
// Landing n solutions in an epoch takes n x the schedule's stake per solution (ARC-46), so the
// stake needed is ceil(expected solutions) x stake per solution at the moment asked.
import Decimal from 'decimal.js';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { ALEO_EPOCH_SECONDS, ALEO_STAKE_SCHEDULE_SEED } from '@hashpool/shared';
import { queryRows, type Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { addressOf } from '../earnings/address-earnings.service';
import { networkStats } from '../mining/mining.tables';
import { aleoStakeSchedule } from './address-mining.tables';

export async function seedAleoStakeSchedule(db: Db, now: Date): Promise<void> {
  await db
    .insert(aleoStakeSchedule)
    .values(ALEO_STAKE_SCHEDULE_SEED.map((s) => ({ effectiveFrom: new Date(s.from), stakePerSolution: s.perSolution, source: 'seed', updatedAt: now })))
    .onConflictDoNothing();
}

const plain = (value: Decimal.Value) => new Decimal(value).toFixed();

export class AleoStakeService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  async schedule() {
    const rows = await this.db.select().from(aleoStakeSchedule).orderBy(asc(aleoStakeSchedule.effectiveFrom));
    return rows.map((r) => ({ from: r.effectiveFrom.toISOString(), stake_per_solution: plain(r.stakePerSolution), source: r.source, updated_at: r.updatedAt.toISOString() }));
  }

  async calculate(coin: string, query: { hashrate?: number | undefined; address?: string | undefined; stake?: string | undefined }) {
    if (coin !== 'aleo') throw new AppError('coin_not_found');
    let hashrate = query.hashrate;
    let source: 'input' | 'address' = 'input';
    if (hashrate === undefined) {
      if (!query.address) throw new AppError('validation_failed', { fields: [{ field: 'querystring.hashrate', messageKey: 'required' }] });
      addressOf(coin, query.address);
      const [row] = await queryRows<{ h: number | null }>(this.db, sql`select sum(hashrate_24h)::float8 as h from workers where coin = 'aleo' and address = ${query.address}`);
      hashrate = Number(row?.h ?? 0);
      source = 'address';
    }
    const now = this.clock.now();
    const [target] = await this.db.select({ d: networkStats.difficulty }).from(networkStats).where(eq(networkStats.coin, coin)).orderBy(desc(networkStats.at)).limit(1);
    const entries = await this.db.select().from(aleoStakeSchedule).orderBy(asc(aleoStakeSchedule.effectiveFrom));
    const current = [...entries].reverse().find((e) => e.effectiveFrom <= now);
    const next = entries.find((e) => e.effectiveFrom > now);
    const perSolution = new Decimal(current?.stakePerSolution ?? 0);
    const solutions = target ? (hashrate * ALEO_EPOCH_SECONDS) / target.d : 0;
    const required = perSolution.times(Math.ceil(solutions - 1e-9));
    const stake = query.stake === undefined ? null : new Decimal(query.stake);
    return {
      hashrate,
      hashrate_source: source,
      proof_target: target?.d ?? null,
      solutions_per_epoch: solutions,
      epoch_seconds: ALEO_EPOCH_SECONDS,
      stake_per_solution: plain(perSolution),
      required_stake: plain(required),
      stake: stake ? plain(stake) : null,
      // Without a reported proof target there is no estimate to hold a stake against.
      shortfall: stake && target ? plain(Decimal.max(0, required.minus(stake))) : null,
      sufficient: stake && target ? stake.gte(required) : null,
      next_change: next ? { from: next.effectiveFrom.toISOString(), stake_per_solution: plain(next.stakePerSolution) } : null,
    };
  }

  /** An operator adds or changes an entry (audited with the reason). */
  async setEntry(adminUserId: string, body: { from: string; stake_per_solution: string; reason: string }) {
    const from = new Date(body.from);
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      const [old] = await tx.select().from(aleoStakeSchedule).where(eq(aleoStakeSchedule.effectiveFrom, from));
      await tx
        .insert(aleoStakeSchedule)
        .values({ effectiveFrom: from, stakePerSolution: body.stake_per_solution, source: 'operator', updatedBy: adminUserId, updatedAt: now })
        .onConflictDoUpdate({ target: aleoStakeSchedule.effectiveFrom, set: { stakePerSolution: body.stake_per_solution, source: 'operator', updatedBy: adminUserId, updatedAt: now } });
      await this.audit.record({ adminUserId, action: 'stake_schedule_update', target: `aleo_stake:${from.toISOString()}`, detail: { from: old ? plain(old.stakePerSolution) : '', to: plain(body.stake_per_solution), reason: body.reason } }, tx);
    });
    return this.schedule();
  }
}

