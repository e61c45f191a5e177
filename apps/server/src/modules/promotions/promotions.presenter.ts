// Rows of the promotions to the answers of packages/shared schemas/promotions.ts.
import { LedgerDecimal as Decimal, type DecimalValue } from '../ledger';
import { COINS, type RedPacketReceiptStatus, type RedPacketStatus } from '@hashpool/shared';
import type { CampaignRow, CouponWithCampaign, ReceiptRow, RedPacketRow, SavingRow } from './promotions.repository';

const ACCOUNT_COINS = COINS.filter((c) => c.mode === 'account').map((c) => c.code);
const plain = (value: DecimalValue) => new Decimal(value).toFixed();

export function campaignView(c: CampaignRow, redeemed: number) {
  return {
    id: c.id,
    name: c.name,
    names: c.names,
    reduction_percent: plain(c.reductionPercent),
    coins: c.coins,
    valid_days: c.validDays,
    use_before: c.useBefore.toISOString(),
    code_count: c.codeCount,
    redeemed,
    is_demo: c.isDemo,
    created_at: c.createdAt.toISOString(),
    disabled_at: c.disabledAt?.toISOString() ?? null,
  };
}

export function couponView(c: CouponWithCampaign, names: Map<string, string>, totalSaving: string | undefined) {
  return {
    id: c.id,
    campaign_id: c.campaignId,
    code: c.code,
    name: c.campaign.name,
    names: c.campaign.names,
    reduction_percent: plain(c.campaign.reductionPercent),
    coins: c.campaign.coins.length > 0 ? c.campaign.coins : ACCOUNT_COINS,
    valid_days: c.campaign.validDays,
    use_before: c.campaign.useBefore.toISOString(),
    status: c.status,
    coin: c.coin,
    account_name: c.accountId ? (names.get(c.accountId) ?? null) : null,
    start_day: c.startDay,
    end_day: c.endDay,
    redeemed_at: c.redeemedAt.toISOString(),
    total_saving: plain(totalSaving ?? 0),
  };
}

export function savingView(s: SavingRow) {
  return { day: s.day, coin: s.coin, saving: plain(s.saving), fee_rate: plain(s.feeRate), reduced_fee_rate: plain(s.reducedFeeRate) };
}

export function packetStatus(p: RedPacketRow, now: Date): RedPacketStatus {
  // A cancelled packet stays "cancelled" after it ends: that is why nobody could receive the rest.
  if (p.cancelledAt) return 'cancelled';
  if (p.endedAt) return 'ended';
  if (p.sharesLeft <= 0) return 'none_left';
  if (p.activationDeadline.getTime() <= now.getTime()) return 'expired';
  return 'open';
}

/** An email shown on the public page: first two characters of the name and the domain. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

export function packetView(p: RedPacketRow, now: Date) {
  return {
    id: p.id,
    name: p.name,
    names: p.names,
    coin: p.coin,
    hashrate: p.hashrate,
    duration_days: p.durationDays,
    shares: p.shares,
    shares_left: p.sharesLeft,
    budget: plain(p.budget),
    paid: plain(p.paid),
    returned: plain(p.returned),
    activation_deadline: p.activationDeadline.toISOString(),
    receiving_email: p.receivingEmail ? maskEmail(p.receivingEmail) : null,
    status: packetStatus(p, now),
    is_demo: p.isDemo,
    created_at: p.createdAt.toISOString(),
  };
}

export function receiptStatus(r: ReceiptRow, p: RedPacketRow): RedPacketReceiptStatus {
  return p.endedAt || (r.creditedThrough !== null && r.creditedThrough >= r.endDay) ? 'ended' : 'active';
}

export function receiptView(r: ReceiptRow, p: RedPacketRow, names: Map<string, string>) {
  return {
    packet_id: p.id,
    name: p.name,
    names: p.names,
    coin: p.coin,
    hashrate: p.hashrate,
    account_name: names.get(r.accountId) ?? '',
    received_at: r.receivedAt.toISOString(),
    start_day: r.startDay,
    end_day: r.endDay,
    status: receiptStatus(r, p),
    paid: plain(r.paid),
  };
}
