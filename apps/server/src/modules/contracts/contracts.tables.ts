// Cloud-mining contracts: the products operators sell, the orders users place (with their payment,
// certificate and state), every transition of an order, each effect day's profit, and the
// operators' settings (the pool's bank details).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ContractOrderStatus, ContractPayMethod } from '@hashpool/shared';
import { accountRefs } from '../accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 38, scale: 18 });

export const contractProducts = pgTable(
  'contract_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    coin: text('coin').notNull(),
    /** Hashrate of one unit, in hashrateUnit. */
    hashrate: money('hashrate').notNull(),
    hashrateUnit: text('hashrate_unit').notNull(),
    durationDays: integer('duration_days').notNull(),
    priceUsdt: money('price_usdt').notNull(),
    priceFiat: money('price_fiat'),
    fiatCurrency: text('fiat_currency').notNull(),
    /** Watts per unit. */
    powerWatts: money('power_watts').notNull(),
    /** USD per kWh. */
    electricityRate: money('electricity_rate').notNull(),
    /** Percent of the output. */
    managementFee: money('management_fee').notNull(),
    /** Units left for sale: taken by a conditional update, never below zero. */
    inventory: integer('inventory').notNull(),
    sold: integer('sold').notNull().default(0),
    saleStart: ts('sale_start').notNull(),
    saleEnd: ts('sale_end').notNull(),
    status: text('status').$type<'draft' | 'on_sale' | 'ended'>().notNull(),
    /** Terms per language. */
    terms: jsonb('terms').$type<Record<string, string>>().notNull(),
    /** The name per language (English is `name`). */
    names: jsonb('names').$type<Record<string, string>>().notNull().default({}),
    demo: boolean('demo').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [check('contract_products_inventory_check', sql`${t.inventory} >= 0 and ${t.sold} >= 0`)],
);

export const contractOrders = pgTable(
  'contract_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(accountRefs.userId),
    /** The sub-account the profit is credited to (the ledger holder). */
    accountId: uuid('account_id').notNull().references(accountRefs.miningAccountId),
    productId: uuid('product_id').notNull().references(() => contractProducts.id),
    /** The client's Idempotency-Key of the order request. */
    requestKey: text('request_key').notNull(),
    productName: text('product_name').notNull(),
    coin: text('coin').notNull(),
    units: integer('units').notNull(),
    hashrate: money('hashrate').notNull(),
    hashrateUnit: text('hashrate_unit').notNull(),
    durationDays: integer('duration_days').notNull(),
    powerWatts: money('power_watts').notNull(),
    electricityRate: money('electricity_rate').notNull(),
    managementFee: money('management_fee').notNull(),
    /** units x the product's USDT price: what the order is worth, whatever pays it. */
    amountUsdt: money('amount_usdt').notNull(),
    payMethod: text('pay_method').$type<ContractPayMethod>().notNull(),
    payAmount: money('pay_amount').notNull(),
    payCurrency: text('pay_currency').notNull(),
    payAddress: text('pay_address'),
    payReference: text('pay_reference').notNull(),
    certificateFileId: uuid('certificate_file_id'),
    status: text('status').$type<ContractOrderStatus>().notNull(),
    rejectReason: text('reject_reason'),
    createdAt: ts('created_at').notNull(),
    paidAt: ts('paid_at'),
    /** First effect day (UTC, yyyy-mm-dd); the contract runs durationDays days from it. */
    effectDate: text('effect_date'),
    endDate: text('end_date'),
    /** The fraction below the coin's base unit carried to the next day's credit. */
    profitCarry: money('profit_carry').notNull().default('0'),
    /**
     * When the finance operators were told that a USDT payment reached this order's address after
     * it was cancelled or rejected (the order gives nothing for it): once per order.
     */
    latePaymentAlertedAt: ts('late_payment_alerted_at'),
    demo: boolean('demo').notNull().default(false),
  },
  (t) => [
    uniqueIndex('contract_orders_request_key').on(t.userId, t.requestKey),
    index('contract_orders_user_idx').on(t.userId, t.createdAt),
    index('contract_orders_status_idx').on(t.status, t.createdAt),
    uniqueIndex('contract_orders_pay_address').on(t.payAddress),
  ],
);

export const contractOrderEvents = pgTable(
  'contract_order_events',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id').notNull().references(() => contractOrders.id),
    fromStatus: text('from_status').$type<ContractOrderStatus>(),
    toStatus: text('to_status').$type<ContractOrderStatus>().notNull(),
    actor: text('actor').$type<'user' | 'operator' | 'system'>().notNull(),
    actorId: uuid('actor_id'),
    reason: text('reason'),
    at: ts('at').notNull(),
  },
  (t) => [index('contract_order_events_order_idx').on(t.orderId, t.id)],
);

export const contractProfits = pgTable(
  'contract_profits',
  {
    orderId: uuid('order_id').notNull().references(() => contractOrders.id),
    day: text('day').notNull(),
    output: money('output').notNull(),
    electricity: money('electricity').notNull(),
    fee: money('fee').notNull(),
    net: money('net').notNull(),
    credited: money('credited').notNull(),
    shortfall: boolean('shortfall').notNull(),
    priceUsd: money('price_usd').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.day] })],
);

export const contractSettings = pgTable('contract_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  updatedAt: ts('updated_at').notNull(),
});
