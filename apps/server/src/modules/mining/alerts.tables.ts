// The alerts that fill the message centre (platform/notifications): hashrate alarm, miner
// offline, and their recoveries. Alert state remembers when an alert last fired, so a flapping worker or a
// hovering hashrate sends one message per repeat interval, and recovery is noticed once.
import { bigint, boolean, doublePrecision, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountRefs } from '../accounts';
import { workerGroups } from './mining.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const alertSettings = pgTable(
  'alert_settings',
  {
    accountId: uuid('account_id').notNull().references(accountRefs.miningAccountId),
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
    kind: text('kind').$type<'offline' | 'hashrate'>().notNull(),
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
