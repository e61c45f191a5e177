// The operators' wallet calls (paths as in apps/server
// wallet.routes.ts): the withdrawal review queue, a sub-account's ledger, manual adjustments, the
// reconciliation report and the audit log. Shapes are the shared zod schemas, as types only.
import {
  IDEMPOTENCY_HEADER,
  type adjustmentResultSchema,
  type AdminUser,
  type AdminUserDetail,
  type Approval,
  type CoinSettings,
  type OperatorRole,
  type SiteParameter,
  type AdminCoin,
  type AdminCoinBody,
  type SiteParameterBody,
  type withdrawalApprovalResultSchema, type adminLedgerSchema, type adminWithdrawalPageSchema, type auditLogSchema, type reconciliationSchema, type WithdrawalStatus,
} from '@hashpool/shared';
import { api } from '../../shell/api/client';
import type { Parsed } from '../../shell/api/parsed';

export type { WithdrawalStatus };
export type AdminWithdrawalPage = Parsed<typeof adminWithdrawalPageSchema>;
export type AdminWithdrawal = AdminWithdrawalPage['list'][number];
export type AdminLedger = Parsed<typeof adminLedgerSchema>;
export type LedgerEntry = AdminLedger['entries']['list'][number];
export type Reconciliation = Parsed<typeof reconciliationSchema>;
export type AuditLog = Parsed<typeof auditLogSchema>;
export type AuditEntry = AuditLog['list'][number];
export type AdjustmentResult = Parsed<typeof adjustmentResultSchema>;
export type ApprovalResult = Parsed<typeof withdrawalApprovalResultSchema>;
export type { AdminCoin, AdminCoinBody, AdminUser, AdminUserDetail, Approval, CoinSettings, OperatorRole, SiteParameter, SiteParameterBody };
export type CoinSettingsInput = Omit<CoinSettings, 'coin' | 'max_supply' | 'chain' | 'network'> & { reason: string };

export interface Adjustment {
  account: string;
  coin: string;
  /** Signed: a negative amount takes money back. */
  amount: string;
  reason: string;
}

type Options = { signal?: AbortSignal; silent?: boolean };

const enc = encodeURIComponent;

export const adminApi = {
  withdrawals: (query: { status?: WithdrawalStatus; page: number; page_size: number }, o?: Options) =>
    api.get<AdminWithdrawalPage>('/admin/withdrawals', { page: query.page, page_size: query.page_size, ...(query.status ? { status: query.status } : {}) }, o),
  approve: (id: string) => api.post<ApprovalResult>(`/admin/withdrawals/${enc(id)}/approve`),
  // Silent: the reject dialog places a refusal (an empty reason) at its input.
  reject: (id: string, reason: string) => api.post<unknown>(`/admin/withdrawals/${enc(id)}/reject`, { reason }, { silent: true }),
  ledger: (account: string, page: number, pageSize: number, o?: Options) => api.get<AdminLedger>('/admin/ledger', { account, page, page_size: pageSize }, o),
  // Moves money: the form's idempotency key goes with every try of one adjustment, so a retry
  // after a lost answer gets the first posting instead of crediting twice.
  adjust: (body: Adjustment, idempotencyKey: string) =>
    api.post<AdjustmentResult>('/admin/adjustments', { ...body }, { silent: true, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  reconciliation: (o?: Options) => api.get<Reconciliation>('/admin/reconciliation', undefined, o),
  auditLog: (page: number, pageSize: number, o?: Options) => api.get<AuditLog>('/admin/audit-log', { page, page_size: pageSize }, o),

  // Operations (apps/server operations.routes.ts and wallet.routes.ts).
  users: (q: string, page: number, pageSize: number, o?: Options) => api.get<{ list: AdminUser[]; total: number }>('/admin/users', { q, page, page_size: pageSize }, o),
  user: (id: string, o?: Options) => api.get<AdminUserDetail>(`/admin/users/${enc(id)}`, undefined, o),
  setLogin: (id: string, disabled: boolean, reason: string) => api.put<unknown>(`/admin/users/${enc(id)}/login`, { disabled, reason }, { silent: true }),
  resetTotp: (id: string, reason: string) => api.post<unknown>(`/admin/users/${enc(id)}/totp-reset`, { reason }, { silent: true }),
  setRoles: (id: string, roles: OperatorRole[], reason: string) => api.put<unknown>(`/admin/users/${enc(id)}/roles`, { roles, reason }, { silent: true }),
  coinSettings: (o?: Options) => api.get<{ list: CoinSettings[] }>('/admin/coin-settings', undefined, o),
  setCoinSettings: (coin: string, body: CoinSettingsInput) => api.put<CoinSettings>(`/admin/coin-settings/${enc(coin)}`, { ...body }, { silent: true }),
  siteParameters: (o?: Options) => api.get<{ list: SiteParameter[] }>('/admin/parameters', undefined, o),
  setSiteParameter: (body: SiteParameterBody) => api.put<SiteParameter>('/admin/parameters', { ...body }, { silent: true }),
  coins: (o?: Options) => api.get<{ list: AdminCoin[] }>('/admin/coins', undefined, o),
  setCoin: (coin: string, body: AdminCoinBody) => api.put<AdminCoin>(`/admin/coins/${enc(coin)}`, { ...body }, { silent: true }),
  approvals: (o?: Options) => api.get<{ list: Approval[] }>('/admin/approvals', undefined, o),
  confirm: (id: string) => api.post<unknown>(`/admin/approvals/${enc(id)}/confirm`),
  decline: (id: string, reason: string) => api.post<unknown>(`/admin/approvals/${enc(id)}/decline`, { reason }, { silent: true }),
};
