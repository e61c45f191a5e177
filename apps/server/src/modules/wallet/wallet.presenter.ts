// The wallet's answers shaped from its rows: amounts as plain decimal strings (never exponent
// notation, never a JS number), times as ISO strings.
import type { BusinessType } from '@hashpool/shared';
import { LedgerDecimal as Decimal, type Balance, type MovementRow } from '../ledger';
import type { AddressRow, DepositRow, LimitsRow, WithdrawalRow } from './wallet.repository';

export const plain = (value: string | Decimal) => new Decimal(value).toFixed();
export const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function withdrawalView(w: WithdrawalRow) {
  return {
    id: w.id,
    request_id: w.requestId,
    part_no: w.partNo,
    parts: w.parts,
    coin: w.coin,
    address: w.address,
    amount: plain(w.amount),
    fee: plain(w.fee),
    status: w.status,
    // An address payment is the pool's own payout of an address wallet.
    origin: w.origin === 'user' ? ('user' as const) : ('payout' as const),
    txid: w.txid,
    reason: w.reason,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
}

export function addressView(a: AddressRow) {
  return { id: a.id, coin: a.coin, alias: a.alias, address: a.address, public_key: a.publicKey, chain: a.chain, created_at: a.createdAt.toISOString() };
}

export function depositView(d: DepositRow) {
  return {
    id: d.id,
    coin: d.coin,
    address: d.address,
    txid: d.txid,
    amount: plain(d.amount),
    confirmations: d.confirmations,
    status: d.status,
    created_at: d.createdAt.toISOString(),
    credited_at: iso(d.creditedAt),
    reversed_at: iso(d.reversedAt),
  };
}

/** A coin's balance of a holder beside the coin's limits (coins without a balance show zeros). */
export function balanceView(l: LimitsRow, b: Balance | undefined) {
  return {
    coin: l.coin,
    available: plain(b?.available ?? '0'),
    frozen: plain(b?.frozen ?? '0'),
    locked: plain(b?.locked ?? '0'),
    withdraw_enabled: l.withdrawEnabled,
    deposit_enabled: l.depositEnabled,
    min_withdraw: plain(l.minWithdraw),
    withdraw_fee: plain(l.withdrawFee),
    max_single_withdraw: plain(l.maxSingleWithdraw),
  };
}

/** Transfers are one business type in the ledger; lists name their direction. */
export function movementType(businessType: string, amount: string): BusinessType {
  return (businessType === 'transfer' ? (amount.startsWith('-') ? 'transfer_out' : 'transfer_in') : businessType) as BusinessType;
}

/** A movement of the transaction list, with the txid and status of the withdrawal or deposit it refers to. */
export function movementView(r: MovementRow, details: Map<string, { txid: string | null; status: string }>) {
  const amount = new Decimal(r.amount);
  const detail = r.reference ? details.get(r.reference) : undefined;
  return {
    id: Number(r.id),
    business_type: movementType(r.business_type, amount.toFixed()),
    coin: r.coin,
    amount: amount.toFixed(),
    txid: detail?.txid ?? null,
    status: r.business_type === 'withdraw' ? (detail?.status ?? 'processing') : 'completed',
    created_at: new Date(r.created_at).toISOString(),
  };
}
