// TanStack Query hooks over the contracts calls, keyed by the session epoch (a login or logout
// starts afresh). Every change of an order refreshes the contracts' queries.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionEpoch } from '../../shell/session/session';
import { walletKeys } from '../wallet';
import { contractsApi, type BankDetails, type ContractOrderStatus, type ContractProductBody, type PayFromBalanceBody } from './contracts.api';

export const CONTRACT_PAGE_SIZE = 10;
/** Orders move on the server's jobs (payment seen, auto-cancel): open pages follow. */
const REFRESH_MS = 30_000;

const keys = {
  all: (epoch: number) => ['contracts', epoch] as const,
};

export function useProducts() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: [...keys.all(epoch), 'products'], queryFn: ({ signal }) => contractsApi.products({ signal }) });
}

export function useProduct(id: string | null) {
  const epoch = useSessionEpoch();
  return useQuery({ enabled: id !== null, queryKey: [...keys.all(epoch), 'product', id], queryFn: ({ signal }) => contractsApi.product(id!, { signal }), retry: false });
}

export function useOrders(q: { page: number; status?: ContractOrderStatus | undefined }) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: [...keys.all(epoch), 'orders', q], queryFn: ({ signal }) => contractsApi.orders({ ...q, page_size: CONTRACT_PAGE_SIZE }, { signal }), placeholderData: keepPreviousData, refetchInterval: REFRESH_MS });
}

export function useOrder(id: string) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: [...keys.all(epoch), 'order', id], queryFn: ({ signal }) => contractsApi.detail(id, { signal }), retry: false, refetchInterval: REFRESH_MS });
}

export function useProfits(id: string, page: number) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: [...keys.all(epoch), 'profits', id, page], queryFn: ({ signal }) => contractsApi.profits(id, { page, page_size: CONTRACT_PAGE_SIZE }, { signal }), retry: false, placeholderData: keepPreviousData });
}

export function useDashboard() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: [...keys.all(epoch), 'dashboard'], queryFn: ({ signal }) => contractsApi.dashboard({ signal }) });
}

export function useAdminProducts() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: [...keys.all(epoch), 'admin-products'], queryFn: ({ signal }) => contractsApi.adminProducts({ signal }) });
}

export function useAdminOrders(q: { page: number; status?: ContractOrderStatus | undefined }) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: [...keys.all(epoch), 'admin-orders', q], queryFn: ({ signal }) => contractsApi.adminOrders({ ...q, page_size: CONTRACT_PAGE_SIZE }, { signal }), placeholderData: keepPreviousData });
}

export function useBankDetails() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: [...keys.all(epoch), 'bank'], queryFn: ({ signal }) => contractsApi.bankDetails({ signal }) });
}

/**
 * The calls that change orders and products; each refreshes the contracts' queries. A payment from
 * the wallet balance refreshes the wallet's queries too (in the background), so its balances show
 * the money gone.
 */
export function useContractMutations() {
  const client = useQueryClient();
  const epoch = useSessionEpoch();
  const refresh = () => client.invalidateQueries({ queryKey: keys.all(epoch) });
  const refreshWallet = () => {
    void client.invalidateQueries({ queryKey: walletKeys.user(epoch) });
    return refresh();
  };
  const useCall = <A extends unknown[], R>(fn: (...args: A) => Promise<R>, onSuccess: () => Promise<void> = refresh) => useMutation({ mutationFn: (args: A) => fn(...args), onSuccess });
  return {
    upload: useCall((id: string, file: File) => contractsApi.upload(id, file)),
    cancel: useCall((id: string) => contractsApi.cancel(id)),
    payBalance: useCall((id: string, key: string, body: PayFromBalanceBody) => contractsApi.payBalance(id, key, body), refreshWallet),
    confirm: useCall((id: string) => contractsApi.confirm(id)),
    reject: useCall((id: string, reason: string) => contractsApi.reject(id, reason)),
    saveProduct: useCall((id: string | null, body: ContractProductBody) => (id ? contractsApi.updateProduct(id, body) : contractsApi.createProduct(body))),
    setBank: useCall((body: BankDetails) => contractsApi.setBankDetails(body)),
  };
}
