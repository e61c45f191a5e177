// Bodies of the operations calls: operator roles, the admin area's users, coin
// settings, four-eyes approvals (docs/operator-guide.md, docs/security.md Operator roles).
import { z } from 'zod';
import { OPERATOR_ROLES } from '../permissions';
import { operatorReasonSchema, pageQuerySchema, V } from '../validation';
import { coinSchema } from './wallet';

/** A non-negative amount in the coin's unit (at most 18 decimals), as the wallet's limits hold them. */
const limitSchema = z.string({ error: V.amount }).trim().regex(/^\d{1,20}(\.\d{1,18})?$/, V.amount);

export const operatorRoleSchema = z.enum(OPERATOR_ROLES);

export const adminUserQuerySchema = pageQuerySchema.extend({
  /** Email, phone, sub-account name or a withdraw address (parts of the first three match). */
  q: z.string().trim().min(2, V.tooSmall).max(200, V.tooLong),
});

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string(),
  login_disabled: z.boolean(),
  has_totp: z.boolean(),
  roles: z.array(operatorRoleSchema),
  accounts: z.array(z.string()),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = z.object({ list: z.array(adminUserSchema), total: z.number().int() });

export const adminUserParamsSchema = z.object({ id: z.uuid() });

export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  withdraw_hold_until: z.string().nullable(),
  login_disabled_at: z.string().nullable(),
  sub_accounts: z.array(z.object({ id: z.string(), name: z.string(), status: z.string(), created_at: z.string() })),
  recent_logins: z.array(z.object({ event: z.string(), ip: z.string().nullable(), device: z.string().nullable(), created_at: z.string() })),
  balances: z.array(z.object({ account: z.string(), coin: z.string(), available: z.string(), frozen: z.string(), locked: z.string() })),
  withdrawals: z.array(z.object({ id: z.string(), account: z.string(), coin: z.string(), amount: z.string(), status: z.string(), created_at: z.string() })),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const loginStateBodySchema = z.strictObject({ disabled: z.boolean(), reason: operatorReasonSchema });
export const totpResetBodySchema = z.strictObject({ reason: operatorReasonSchema });
export const userRolesBodySchema = z.strictObject({ roles: z.array(operatorRoleSchema).max(OPERATOR_ROLES.length), reason: operatorReasonSchema });

export const coinSettingsSchema = z.object({
  coin: z.string(),
  withdraw_enabled: z.boolean(),
  min_withdraw: z.string(),
  withdraw_fee: z.string(),
  max_single_withdraw: z.string(),
  audit_threshold: z.string(),
  /** Adjustments and withdrawal approvals above this need a second operator; null: never. */
  four_eyes_threshold: z.string().nullable(),
  /** The largest single adjustment an operator may make; null: only the coin's supply bounds it. */
  adjustment_cap: z.string().nullable(),
  /** The coin's supply cap (or the bound of an uncapped coin): no adjustment passes it. */
  max_supply: z.string(),
  /** Network confirmations before a deposit is credited. */
  deposit_confirmations: z.number().int(),
  /** The coin's chain from the server's configuration (CHAIN_ADAPTERS): disabled closes deposits and withdrawals. */
  chain: z.enum(['simulated', 'jsonrpc', 'disabled']),
  /** The network of a bitcoin-family coin's node (CHAIN_NETWORKS); null for the other coins. */
  network: z.enum(['mainnet', 'testnet', 'regtest']).nullable(),
});
export type CoinSettings = z.infer<typeof coinSettingsSchema>;
export const coinSettingsListSchema = z.object({ list: z.array(coinSettingsSchema) });
export const coinSettingsParamsSchema = z.object({ coin: coinSchema });
export const coinSettingsBodySchema = z.strictObject({
  withdraw_enabled: z.boolean(),
  min_withdraw: limitSchema,
  withdraw_fee: limitSchema,
  max_single_withdraw: limitSchema,
  audit_threshold: limitSchema,
  four_eyes_threshold: limitSchema.nullable(),
  adjustment_cap: limitSchema.nullable(),
  /** 1 to 1,000 confirmations (a deposit waits for them before it is credited). */
  deposit_confirmations: z.number({ error: V.integer }).int(V.integer).min(1, V.tooSmall).max(1000, V.tooBig),
  reason: operatorReasonSchema,
});

export const APPROVAL_KINDS = ['withdrawal', 'adjustment'] as const;
export const approvalSchema = z.object({
  id: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  target: z.string(),
  coin: z.string(),
  amount: z.string(),
  detail: z.record(z.string(), z.string()),
  requested_by: z.string().nullable(),
  requested_at: z.string(),
});
export type Approval = z.infer<typeof approvalSchema>;
export const approvalListSchema = z.object({ list: z.array(approvalSchema) });
export const approvalParamsSchema = z.object({ id: z.uuid() });

export const readinessSchema = z.object({
  ready: z.boolean(),
  version: z.string(),
  checks: z.record(z.string(), z.object({ ok: z.boolean(), ms: z.number() })),
});
