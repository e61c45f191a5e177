// The earnings module's answers shaped from its rows: a coin's payout method and fees as the
// profit page shows them, market days, the profits pages' day rows and their export lines, the
// referral pages, the operators' fee table, address mining's earnings and payments. Amounts are
// written as exact decimal text without trailing zeros; nothing here reads or computes money.
import { LedgerDecimal as Decimal } from '../ledger';
import {
  canSwitchPayMethod,
  DEFAULT_PAY_METHOD,
  findCoin,
  formatDateTime,
  formatHashrate,
  methodOnDay,
  PAY_METHOD_LABELS,
  payMethodNextSwitchAt,
  settlementTime,
  utcDay,
  type PayMethod,
  type WithdrawalStatus,
  type FeeRateItem,
} from '@hashpool/shared';
import { maskTarget, type InviteeContact } from '../accounts';
import { payMethodState, type MarketRow, type PayMethodRow } from './earnings.repository';
import type { DayRow } from './profits.repository';
import { DEFAULT_FEE_RATES } from './earnings.seed';
import type { InviteRewardRow } from './referral.repository';

/** numeric columns come back as strings with trailing zeros: "2.500000000000000000" -> "2.5". */
export const plain = (value: string | number) => new Decimal(value).toFixed();

export function marketView(row: MarketRow) {
  return {
    coin: row.coin,
    day: row.day,
    network_difficulty: plain(row.networkDifficulty),
    hashes_per_difficulty: findCoin(row.coin)?.hashesPerDifficulty ?? 1,
    block_subsidy: plain(row.blockSubsidy),
    avg_fees_per_block: plain(row.avgFeesPerBlock),
    price_usd: row.priceUsd === null ? null : plain(row.priceUsd),
    source: row.source,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A coin's payout method of a sub-account (GET /accounts/{account}/pay-method's item) at `now`. */
export function payMethodView(coin: string, row: PayMethodRow | undefined, fees: FeeRateItem[], market: MarketRow | undefined, now: Date) {
  const state = payMethodState(row);
  const method = state?.method ?? DEFAULT_PAY_METHOD;
  const switchedAt = row?.switchedAt ?? null;
  const waiting = switchedAt !== null && !canSwitchPayMethod(switchedAt, now);
  const effective = state?.effectiveFrom ?? null;
  const feeOf = (m: PayMethod) => fees.find((f) => f.method === m)?.fee_rate ?? DEFAULT_FEE_RATES[m];
  return {
    coin,
    method,
    fee_rate: feeOf(method),
    today_method: methodOnDay(state, utcDay(now)),
    effective_from: effective,
    first_settlement_at: effective ? settlementTime(effective).toISOString() : null,
    previous_method: state?.previousMethod ?? null,
    switched_at: switchedAt?.toISOString() ?? null,
    next_switch_at: waiting ? payMethodNextSwitchAt(switchedAt).toISOString() : null,
    methods: fees,
    market: market ? marketView(market) : null,
  };
}

/** "2026-06-02 13:01": the minute from which the next switch is accepted (rounded up, never early). */
export function untilText(at: Date): string {
  const minute = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  return minute.toISOString().replace('T', ' ').slice(0, 16);
}

// ---- the profits pages ----

/** A day's row of the profits list. */
export function profitDayView(r: DayRow) {
  return {
    day: r.day,
    hashrate: r.work / 86_400,
    method: r.method,
    fee_rate: plain(r.fee_rate),
    amount: new Decimal(r.amount).toFixed(),
    status: r.settled ? ('settled' as const) : ('pending' as const),
  };
}

/**
 * The export's header and lines: column titles in the reader's language (`t`), amounts as exact
 * decimal text, the credit time in the reader's timezone.
 */
export function exportTable(rows: DayRow[], coin: string, timezone: string, t: (key: string, params?: Record<string, string>) => string) {
  const header = [t('day'), t('hashrate'), t('method'), t('fee_rate'), t('amount', { coin: coin.toUpperCase() }), t('status'), t('credited_at', { timezone })];
  const lines = rows.map((r) => [
    r.day,
    formatHashrate(r.work / 86_400),
    PAY_METHOD_LABELS[r.method],
    plain(r.fee_rate),
    new Decimal(r.amount).toFixed(),
    t(r.settled ? 'status_settled' : 'status_pending'),
    r.settled && r.credited_at ? formatDateTime(new Date(r.credited_at), timezone) : '',
  ]);
  return { header, lines };
}

// ---- the referral pages ----

/** An invitee as the inviter sees them: the contact masked. */
export function inviteeView(r: InviteeContact) {
  return { contact: maskTarget(r.email ? { channel: 'email', email: r.email } : { channel: 'sms', country: r.phoneCountry ?? '', phone: r.phone ?? '' }), registered_at: r.createdAt.toISOString() };
}

export function inviteRewardView(r: InviteRewardRow) {
  return { day: r.day, coin: r.coin, invitees: r.invitees, base: new Decimal(r.base).toFixed(), amount: new Decimal(r.amount).toFixed(), released_at: r.releasedAt.toISOString() };
}

// ---- address mining ----

/** A payment sent to an address. */
export function addressPaymentView(r: { created_at: string | Date; amount: string; fee: string; txid: string | null; status: WithdrawalStatus }) {
  return { time: new Date(r.created_at).toISOString(), amount: plain(r.amount), fee: plain(r.fee), txid: r.txid, status: r.status };
}

/** A row of the user's mining overview: the mining module's account stats and yesterday's credit. */
export function miningOverviewView(
  account: string,
  coin: string,
  stats: { hashrate_15m: number; hashrate_24h: number; workers: { total: number; active: number } },
  yesterday: string | null,
) {
  return {
    account,
    coin,
    hashrate_15m: stats.hashrate_15m,
    hashrate_24h: stats.hashrate_24h,
    workers_online: stats.workers.active,
    workers_offline: stats.workers.total - stats.workers.active,
    yesterday: plain(yesterday ?? 0),
  };
}
