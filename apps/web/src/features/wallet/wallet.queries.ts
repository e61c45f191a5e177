// TanStack Query hooks over the wallet calls. The wallet belongs to the current sub-account, so
// its data is keyed by the session epoch (shell/session/session.ts: a login or logout starts afresh, a token
// refresh does not) and then by the sub-account: switching sub-accounts shows the other one's
// money, never a mix. Money movements refresh every wallet query of the sub-account afterwards.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMine, userKeys } from '../../shell/session/user.queries';
import { useSessionEpoch } from '../../shell/session/session';
import { walletApi, type NewAddress, type PageQuery, type PayoutSettingBody, type TransactionQuery } from './wallet.api';

export const walletKeys = {
  /** Everything of the logged-in user's wallets. */
  user: (epoch: number) => ['wallet', epoch] as const,
  /** Everything of one sub-account's wallet; null account: the user has none yet. */
  account: (epoch: number, account: string | null) => [...walletKeys.user(epoch), account ?? '-'] as const,
  balances: (epoch: number, account: string | null) => [...walletKeys.account(epoch, account), 'balances'] as const,
  addresses: (epoch: number, account: string | null, coin?: string) => [...walletKeys.account(epoch, account), 'addresses', coin ?? 'all'] as const,
  withdrawals: (epoch: number, account: string | null, query: PageQuery) => [...walletKeys.account(epoch, account), 'withdrawals', query] as const,
  deposits: (epoch: number, account: string | null, query: PageQuery) => [...walletKeys.account(epoch, account), 'deposits', query] as const,
  depositAddress: (epoch: number, account: string | null, coin: string) => [...walletKeys.account(epoch, account), 'deposit-address', coin] as const,
  transactions: (epoch: number, account: string | null, query: TransactionQuery) => [...walletKeys.account(epoch, account), 'transactions', query] as const,
  fund: (epoch: number, account: string | null, id: string) => [...walletKeys.account(epoch, account), 'fund', id] as const,
  payout: (epoch: number, account: string | null) => [...walletKeys.account(epoch, account), 'payout'] as const,
};

/** Withdrawals move from review to broadcast to completed on the server's jobs: lists follow. */
const RECORDS_REFRESH_MS = 30_000;

/**
 * The key parts every wallet query starts with: session epoch and current sub-account. `enabled`
 * waits for the user to be known, so no query runs under a key it is about to leave.
 */
export function useWalletScope(): { epoch: number; account: string | null; enabled: boolean } {
  const epoch = useSessionEpoch();
  const mine = useMine().data;
  return { epoch, account: mine?.current_account?.id ?? null, enabled: mine !== undefined };
}

export function useBalances() {
  const { epoch, account, enabled } = useWalletScope();
  return useQuery({ enabled, queryKey: walletKeys.balances(epoch, account), queryFn: ({ signal }) => walletApi.balances({ signal }), refetchInterval: RECORDS_REFRESH_MS });
}

export function useAddresses(coin?: string) {
  const { epoch, account, enabled } = useWalletScope();
  return useQuery({ enabled, queryKey: walletKeys.addresses(epoch, account, coin), queryFn: ({ signal }) => walletApi.addresses(coin, { signal }) });
}

export function useWithdrawals(query: PageQuery) {
  const { epoch, account, enabled } = useWalletScope();
  return useQuery({
    enabled,
    queryKey: walletKeys.withdrawals(epoch, account, query),
    queryFn: ({ signal }) => walletApi.withdrawals(query, { signal }),
    refetchInterval: RECORDS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useDeposits(query: PageQuery) {
  const { epoch, account, enabled } = useWalletScope();
  return useQuery({
    enabled,
    queryKey: walletKeys.deposits(epoch, account, query),
    queryFn: ({ signal }) => walletApi.deposits(query, { signal }),
    refetchInterval: RECORDS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useDepositAddress(coin: string) {
  const { epoch, account, enabled } = useWalletScope();
  return useQuery({ enabled, queryKey: walletKeys.depositAddress(epoch, account, coin), queryFn: ({ signal }) => walletApi.depositAddress(coin, { signal }), staleTime: Infinity });
}

export function useTransactions(query: TransactionQuery) {
  const { epoch, account, enabled } = useWalletScope();
  return useQuery({
    enabled,
    queryKey: walletKeys.transactions(epoch, account, query),
    queryFn: ({ signal }) => walletApi.transactions(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useFund(id: string) {
  const { epoch, account, enabled } = useWalletScope();
  // Silent: the page says "record not found" in place of a toast.
  return useQuery({ enabled, queryKey: walletKeys.fund(epoch, account, id), queryFn: ({ signal }) => walletApi.fund(id, { signal, silent: true }), retry: false });
}

export function usePayoutSettings() {
  const { epoch, account, enabled } = useWalletScope();
  return useQuery({ enabled, queryKey: walletKeys.payout(epoch, account), queryFn: ({ signal }) => walletApi.payoutSettings({ signal }) });
}

/**
 * Refreshes the whole wallet of the sub-account in the background. Not awaited by the dialogs:
 * closing a dialog must not wait for lists that have nothing to do with it.
 */
export function useRefreshWallet(): () => void {
  const queryClient = useQueryClient();
  const { epoch, account } = useWalletScope();
  return () => void queryClient.invalidateQueries({ queryKey: walletKeys.account(epoch, account) });
}

export function useAddressMutations() {
  const refresh = useRefreshWallet();
  const queryClient = useQueryClient();
  return {
    // A new address starts the withdrawal hold: the user's hold time changes too.
    add: useMutation({
      mutationFn: (body: NewAddress) => walletApi.addAddress(body),
      onSettled: () => {
        refresh();
        void queryClient.invalidateQueries({ queryKey: userKeys.all });
      },
    }),
    remove: useMutation({ mutationFn: (id: string) => walletApi.deleteAddress(id), onSettled: refresh }),
  };
}

export function useSavePayoutSetting() {
  const refresh = useRefreshWallet();
  return useMutation({ mutationFn: (body: PayoutSettingBody) => walletApi.savePayoutSetting(body), onSettled: refresh });
}
