// TanStack Query hooks over the operators' calls, keyed by the session epoch (a login or logout
// starts afresh). A decision on a withdrawal or an adjustment refreshes the whole admin area, and
// the operator's own wallet too (they may have adjusted their own sub-account).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionEpoch } from '../../shell/session/session';
import { PARAMETERS_KEY, POOLS_KEY } from '../../shell/site/site.queries';
import { walletKeys } from '../wallet';
import { adminApi, type Adjustment, type CoinSettingsInput, type OperatorRole, type AdminCoinBody, type SiteParameterBody, type WithdrawalStatus } from './admin.api';

export const adminKeys = {
  all: (epoch: number) => ['admin', epoch] as const,
  withdrawals: (epoch: number, status: WithdrawalStatus | null, page: number) => ['admin', epoch, 'withdrawals', status ?? 'all', page] as const,
  ledger: (epoch: number, account: string, page: number) => ['admin', epoch, 'ledger', account, page] as const,
  reconciliation: (epoch: number) => ['admin', epoch, 'reconciliation'] as const,
  audit: (epoch: number, page: number) => ['admin', epoch, 'audit', page] as const,
  users: (epoch: number, q: string, page: number) => ['admin', epoch, 'users', q, page] as const,
  user: (epoch: number, id: string) => ['admin', epoch, 'user', id] as const,
  coinSettings: (epoch: number) => ['admin', epoch, 'coin-settings'] as const,
  siteParameters: (epoch: number) => ['admin', epoch, 'site-parameters'] as const,
  coins: (epoch: number) => ['admin', epoch, 'coins'] as const,
  approvals: (epoch: number) => ['admin', epoch, 'approvals'] as const,
};

export const ADMIN_PAGE_SIZE = 10;

/** New withdrawals arrive for review while the queue is open. */
const QUEUE_REFRESH_MS = 30_000;

export function useAdminWithdrawals(status: WithdrawalStatus | null, page: number) {
  const epoch = useSessionEpoch();
  return useQuery({
    queryKey: adminKeys.withdrawals(epoch, status, page),
    queryFn: ({ signal }) => adminApi.withdrawals({ status: status ?? undefined, page, page_size: ADMIN_PAGE_SIZE }, { signal }),
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useLedger(account: string | null, page: number) {
  const epoch = useSessionEpoch();
  return useQuery({
    queryKey: adminKeys.ledger(epoch, account ?? '', page),
    // Silent: the page says why there is no ledger (an unknown sub-account) in place of a toast.
    queryFn: ({ signal }) => adminApi.ledger(account!, page, ADMIN_PAGE_SIZE, { signal, silent: true }),
    enabled: account !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useReconciliation() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: adminKeys.reconciliation(epoch), queryFn: ({ signal }) => adminApi.reconciliation({ signal }) });
}

export function useAuditLog(page: number) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: adminKeys.audit(epoch, page), queryFn: ({ signal }) => adminApi.auditLog(page, ADMIN_PAGE_SIZE, { signal }), placeholderData: keepPreviousData });
}

export function useAdminMutations() {
  const queryClient = useQueryClient();
  const epoch = useSessionEpoch();
  const onSettled = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.all(epoch) });
    void queryClient.invalidateQueries({ queryKey: walletKeys.user(epoch) });
  };
  return {
    approve: useMutation({ mutationFn: (id: string) => adminApi.approve(id), onSettled }),
    reject: useMutation({ mutationFn: (v: { id: string; reason: string }) => adminApi.reject(v.id, v.reason), onSettled }),
    adjust: useMutation({ mutationFn: (v: { body: Adjustment; idempotencyKey: string }) => adminApi.adjust(v.body, v.idempotencyKey), onSettled }),
    setLogin: useMutation({ mutationFn: (v: { id: string; disabled: boolean; reason: string }) => adminApi.setLogin(v.id, v.disabled, v.reason), onSettled }),
    resetTotp: useMutation({ mutationFn: (v: { id: string; reason: string }) => adminApi.resetTotp(v.id, v.reason), onSettled }),
    setRoles: useMutation({ mutationFn: (v: { id: string; roles: OperatorRole[]; reason: string }) => adminApi.setRoles(v.id, v.roles, v.reason), onSettled }),
    setCoinSettings: useMutation({ mutationFn: (v: { coin: string; body: CoinSettingsInput }) => adminApi.setCoinSettings(v.coin, v.body), onSettled }),
    confirm: useMutation({ mutationFn: (id: string) => adminApi.confirm(id), onSettled }),
    decline: useMutation({ mutationFn: (v: { id: string; reason: string }) => adminApi.decline(v.id, v.reason), onSettled }),
    // The shell's public parameters (site name in the header) follow at once.
    // The shell's pool lists (every language) follow at once.
    setCoin: useMutation({ mutationFn: (v: { coin: string; body: AdminCoinBody }) => adminApi.setCoin(v.coin, v.body), onSettled: () => { onSettled(); void queryClient.invalidateQueries({ queryKey: POOLS_KEY }); } }),
    setSiteParameter: useMutation({ mutationFn: (body: SiteParameterBody) => adminApi.setSiteParameter(body), onSettled: () => { onSettled(); void queryClient.invalidateQueries({ queryKey: PARAMETERS_KEY }); } }),
  };
}

export function useAdminUsers(q: string, page: number) {
  const epoch = useSessionEpoch();
  return useQuery({
    queryKey: adminKeys.users(epoch, q, page),
    queryFn: ({ signal }) => adminApi.users(q, page, ADMIN_PAGE_SIZE, { signal }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: string | null) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: adminKeys.user(epoch, id ?? ''), queryFn: ({ signal }) => adminApi.user(id!, { signal }), enabled: id !== null });
}

export function useCoinSettings() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: adminKeys.coinSettings(epoch), queryFn: ({ signal }) => adminApi.coinSettings({ signal }) });
}

export function useSiteParameters() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: adminKeys.siteParameters(epoch), queryFn: ({ signal }) => adminApi.siteParameters({ signal }) });
}

export function useAdminCoins() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: adminKeys.coins(epoch), queryFn: ({ signal }) => adminApi.coins({ signal }) });
}

export function useApprovals() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: adminKeys.approvals(epoch), queryFn: ({ signal }) => adminApi.approvals({ signal }), refetchInterval: QUEUE_REFRESH_MS });
}
