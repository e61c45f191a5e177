// The contracts' answers shaped from their rows: amounts as plain decimal strings, times as ISO.
import { LedgerDecimal as Decimal } from '../ledger';
import { CONTRACT_UNPAID_TTL_MS, HASHRATE_UNITS, type ContractProductStatus, type UsdtNetwork } from '@hashpool/shared';
import type { EventRow, OrderRow, ProductRow, ProfitRow } from './contracts.repository';

export const plain = (value: string | Decimal) => new Decimal(value).toFixed();

/** H/s in one `unit` (TH/s: 10^12). */
export function unitFactor(unit: string): Decimal {
  const index = (HASHRATE_UNITS as readonly string[]).indexOf(unit);
  return new Decimal(1000).pow(Math.max(0, index));
}

/** The status a user sees: ended after the window, sold out when nothing is left. */
export function shownStatus(p: ProductRow, now: Date): ContractProductStatus {
  if (p.status !== 'on_sale') return p.status;
  if (now > p.saleEnd) return 'ended';
  if (p.inventory <= 0) return 'sold_out';
  return 'on_sale';
}

export function productView(p: ProductRow, now: Date, estimatedDailyNet: string | null, usdtNetworks: UsdtNetwork[]) {
  return {
    id: p.id,
    name: p.name,
    coin: p.coin,
    hashrate: plain(p.hashrate),
    hashrate_unit: p.hashrateUnit,
    duration_days: p.durationDays,
    price_usdt: plain(p.priceUsdt),
    price_fiat: p.priceFiat === null ? null : plain(p.priceFiat),
    fiat_currency: p.fiatCurrency,
    power_watts: plain(p.powerWatts),
    electricity_rate: plain(p.electricityRate),
    management_fee: plain(p.managementFee),
    inventory: p.inventory,
    sold: p.sold,
    sale_start: p.saleStart.toISOString(),
    sale_end: p.saleEnd.toISOString(),
    status: shownStatus(p, now),
    set_status: p.status,
    terms: p.terms,
    names: p.names,
    demo: p.demo,
    estimated_daily_net: estimatedDailyNet,
    usdt_networks: usdtNetworks,
  };
}

export function orderView(o: OrderRow, totalProfit: string | undefined, account?: string) {
  return {
    id: o.id,
    product_id: o.productId,
    product_name: o.productName,
    coin: o.coin,
    units: o.units,
    hashrate: plain(o.hashrate),
    hashrate_unit: o.hashrateUnit,
    total_hashrate: plain(new Decimal(o.hashrate).times(o.units)),
    duration_days: o.durationDays,
    power_watts: plain(o.powerWatts),
    electricity_rate: plain(o.electricityRate),
    management_fee: plain(o.managementFee),
    pay_method: o.payMethod,
    pay_amount: plain(o.payAmount),
    pay_currency: o.payCurrency,
    pay_address: o.payAddress,
    pay_reference: o.payReference,
    has_certificate: o.certificateFileId !== null,
    status: o.status,
    reject_reason: o.rejectReason,
    created_at: o.createdAt.toISOString(),
    expires_at: o.status === 'unpaid' ? new Date(o.createdAt.getTime() + CONTRACT_UNPAID_TTL_MS).toISOString() : null,
    paid_at: o.paidAt?.toISOString() ?? null,
    effect_date: o.effectDate,
    end_date: o.endDate,
    total_profit: plain(totalProfit ?? '0'),
    demo: o.demo,
    ...(account === undefined ? {} : { account }),
  };
}

export function eventView(e: EventRow) {
  return { from: e.fromStatus, to: e.toStatus, actor: e.actor, reason: e.reason, at: e.at.toISOString() };
}

export function profitView(p: ProfitRow) {
  return {
    day: p.day,
    output: plain(p.output),
    electricity: plain(p.electricity),
    fee: plain(p.fee),
    net: plain(p.net),
    credited: plain(p.credited),
    shortfall: p.shortfall,
    price_usd: plain(p.priceUsd),
  };
}
