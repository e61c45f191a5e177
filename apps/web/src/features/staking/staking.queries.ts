// TanStack Query hooks: keyed under the wallet's scope (session epoch and sub-account), so a
// stake or a loan refreshes the wallet's balances too, and switching sub-accounts starts afresh.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRefreshWallet, useWalletScope, walletKeys } from '../wallet';
import { stakingApi } from './staking.api';

const REFRESH_MS = 60_000;

export function useStaking() {
  const { epoch, account, enabled } = useWalletScope();
  return useQuery({ enabled, queryKey: [...walletKeys.account(epoch, account), 'staking'], queryFn: ({ signal }) => stakingApi.overview({ signal }), refetchInterval: REFRESH_MS });
}

export function useBorrowing() {
  const { epoch, account, enabled } = useWalletScope();
  return useQuery({ enabled, queryKey: [...walletKeys.account(epoch, account), 'borrowing'], queryFn: ({ signal }) => stakingApi.borrowing({ signal }), refetchInterval: REFRESH_MS });
}

/** A call that moves money, then every query of the sub-account's wallet (staking included) again. */
export function useWalletMutation<A, R>(fn: (args: A) => Promise<R>) {
  const refresh = useRefreshWallet();
  return useMutation({ mutationFn: fn, onSettled: refresh });
}

export const adminKeys = { batches: ['admin', 'stake-batches'], products: ['admin', 'loan-products'], loans: (status: string) => ['admin', 'loans', status] };

export function useAdminRefresh() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: ['admin'] });
}
