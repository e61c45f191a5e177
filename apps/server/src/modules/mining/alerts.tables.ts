// The message centre and the alerts that fill it (SPEC.md section 2: hashrate alarm, miner
// offline, setting update). Messages carry a type and parameters; each client words them in the
// reader's language. Alert state remembers when an alert last fired, so a flapping worker or a
// hovering hashrate sends one message per repeat interval, and recovery is noticed once.
import { bigint, bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { miningAccounts, users } from '../accounts/accounts.tables';
import { workerGroups } from './mining.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id),
    accountId: uuid('account_id').references(() => miningAccounts.id),
    /** hashrate_alarm | hashrate_recovered | miner_offline | miner_online | setting_update */
    type: text('type').notNull(),
    params: jsonb('params').$type<Record<string, string | number | string[]>>().notNull(),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('messages_user_idx').on(t.userId, t.createdAt)],
);

export const alertSettings = pgTable(
  'alert_settings',
  {
    accountId: uuid('account_id').notNull().references(() => miningAccounts.id),
    coin: text('coin').notNull(),
    offlineAlert: boolean('offline_alert').notNull().default(true),
    /** Alarm when the account's 15-minute hashrate falls below this (H/s); null: no alarm. */
    hashrateThreshold: doublePrecision('hashrate_threshold'),
    /** Minutes before a still-true alert is sent again. */
    repeatMinutes: integer('repeat_minutes').notNull().default(60),
    email: boolean('email').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.coin] })],
);

export const alertState = pgTable(
  'alert_state',
  {
    accountId: uuid('account_id').notNull(),
    coin: text('coin').notNull(),
    /** offline | hashrate */
    kind: text('kind').notNull(),
    firing: boolean('firing').notNull(),
    lastSentAt: ts('last_sent_at').notNull(),
    /** For offline: the workers the last message named. */
    subjects: jsonb('subjects').$type<string[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.coin, t.kind] })],
);

/**
 * The hashrate alarm of a worker group (worker_groups.hashrate_threshold): as alert_state, one row
 * per group. Deleting the group deletes it.
 */
export const groupAlertState = pgTable('group_alert_state', {
  groupId: bigint('group_id', { mode: 'number' })
    .primaryKey()
    .references(() => workerGroups.id, { onDelete: 'cascade' }),
  firing: boolean('firing').notNull(),
  lastSentAt: ts('last_sent_at').notNull(),
});
