// Rows to answers: amounts as plain decimal text, days and instants as ISO strings.
import type { Loan, LoanProduct, Stake, StakeBatch } from '@hashpool/shared';
import { LedgerDecimal as D } from '../ledger';
import { plain } from '../wallet';
import type { BatchRow, LoanRow, ProductRow, StakeRow } from './staking.repository';
import { addDays, dailyRate, dayStart, dayOf, toBaseUnits } from './staking.rules';

const text = plain;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function batchView(b: BatchRow, staked: string): StakeBatch {
  const left = D.max(0, new D(b.maxAmount).minus(staked));
  return {
    id: b.id,
    code: b.code,
    coin: b.coin,
    start_day: b.startDay,
    end_day: b.endDay,
    annual_rate: text(b.annualRate),
    fee_rate: text(b.feeRate),
    status: b.status,
    duration_type: b.durationType,
    stake_type: b.stakeType,
    max_amount: text(b.maxAmount),
    available_amount: text(left),
    daily_rate: text(dailyRate(b.annualRate, b.feeRate).toDecimalPlaces(12, D.ROUND_DOWN)),
    demo: b.demo,
  };
}

export function stakeView(s: StakeRow, batch: StakeBatch, borrowed: string): Stake {
  const claimable = s.status === 'active' && batch.duration_type === 'flexible' ? toBaseUnits(s.unclaimedReward) : new D(0);
  return {
    id: s.id,
    batch,
    status: s.status,
    amount: text(s.amount),
    borrowed: text(borrowed),
    unclaimed_reward: text(s.unclaimedReward),
    claimable_reward: text(claimable),
    claimed_reward: text(s.claimedReward),
    forfeited_reward: text(s.forfeitedReward),
    accrued_through: s.accruedThrough,
    created_at: s.createdAt.toISOString(),
    unstake_from: dayStart(addDays(dayOf(s.createdAt), 1)).toISOString(),
    ended_at: iso(s.endedAt),
  };
}

export function productView(p: ProductRow, lent: string): LoanProduct {
  return {
    id: p.id,
    name: p.name,
    names: p.names,
    coin: p.coin,
    min_amount: text(p.minAmount),
    max_amount: text(p.maxAmount),
    rate: text(p.rate),
    rate_period: p.ratePeriod,
    period_days: p.periodDays,
    available_capacity: text(D.max(0, new D(p.capacity).minus(lent))),
    status: p.status,
    demo: p.demo,
  };
}

export function adminProductView(p: ProductRow, lent: string) {
  return { ...productView(p, lent), capacity: text(p.capacity), auto_approve_below: p.autoApproveBelow === null ? null : text(p.autoApproveBelow) };
}

export function loanView(l: LoanRow, product: { name: string; names: Record<string, string> } | undefined): Loan {
  return {
    id: l.id,
    product_id: l.productId,
    product_name: product?.name ?? '',
    product_names: product?.names ?? {},
    status: l.status,
    amount: text(l.amount),
    rate: text(l.rate),
    rate_period: l.ratePeriod,
    period_days: l.periodDays,
    principal_due: text(l.principalDue),
    principal_repaid: text(l.principalRepaid),
    interest_due: text(l.interestDue),
    interest_repaid: text(l.interestRepaid),
    debt: text(new D(l.principalDue).plus(l.interestDue)),
    created_at: l.createdAt.toISOString(),
    activated_at: iso(l.activatedAt),
    ends_at: iso(l.endsAt),
    closed_at: iso(l.closedAt),
  };
}
