// TanStack Query hooks over the earnings calls, keyed by the session epoch (a login or logout
// starts afresh), then by sub-account and coin.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERRORS } from '@hashpool/shared';
import { ApiError } from '../../shell/api/api-error';
import { useSessionEpoch } from '../../shell/session/session';
import { chartRows } from './lib/profits';
import { earningsApi, type FeeRateChange, type MarketDayChange, type PayMethod, type PriceKind, type ProfitQuery } from './earnings.api';

export const earningsKeys = {
  user: (epoch: number) => ['earnings', epoch] as const,
  payMethod: (epoch: number, account: string, coin: string) => ['earnings', epoch, 'pay-method', account, coin] as const,
  profitStats: (epoch: number, account: string, coin: string) => ['earnings', epoch, 'profit-stats', account, coin] as const,
  profits: (epoch: number, account: string, coin: string, query: ProfitQuery) => ['earnings', epoch, 'profits', account, coin, query] as const,
  profitsChart: (epoch: number, account: string, coin: string, start: string, end: string) => ['earnings', epoch, 'profits', account, coin, 'chart', start, end] as const,
  soloBlocks: (epoch: number, account: string, coin: string, page: number) => ['earnings', epoch, 'solo-blocks', account, coin, page] as const,
  unitHashrates: (epoch: number, account: string, coin: string, days: number) => ['earnings', epoch, 'unit-hashrates', account, coin, days] as const,
  miningOverview: (epoch: number) => ['earnings', epoch, 'mining-overview'] as const,
  invite: (epoch: number) => ['earnings', epoch, 'invite'] as const,
  invitees: (epoch: number, page: number) => ['earnings', epoch, 'invite', 'invitees', page] as const,
  inviteRewards: (epoch: number, page: number) => ['earnings', epoch, 'invite', 'rewards', page] as const,
  admin: (epoch: number) => ['earnings-admin', epoch] as const,
  feeRates: (epoch: number) => ['earnings-admin', epoch, 'fee-rates'] as const,
  prices: (epoch: number) => ['earnings-admin', epoch, 'prices'] as const,
  heldBlocks: (epoch: number) => ['earnings-admin', epoch, 'held-blocks'] as const,
  market: (epoch: number, coin: string, page: number) => ['earnings-admin', epoch, 'market', coin, page] as const,
};

export const MARKET_PAGE_SIZE = 10;
/** docs/rules.md, Limits and constants: page size 10. */
export const INVITE_PAGE_SIZE = 10;

/** The payout method of one sub-account and coin (the server answers a list of one). */
export function usePayMethod(account: string, coin: string) {
  const epoch = useSessionEpoch();
  return useQuery({
    queryKey: earningsKeys.payMethod(epoch, account, coin),
    queryFn: async ({ signal }) => (await earningsApi.payMethod(account, coin, { signal })).list[0] ?? null,
    // The "switch again after" moment passes while the page is open.
    refetchInterval: 60_000,
  });
}

/** Yesterday, today's estimate, totals and balance. Today's estimate grows with the day's work. */
export function useProfitStats(account: string, coin: string) {
  const epoch = useSessionEpoch();
  return useQuery({
    queryKey: earningsKeys.profitStats(epoch, account, coin),
    queryFn: ({ signal }) => earningsApi.profitStats(account, coin, { signal }),
    refetchInterval: 5 * 60_000,
  });
}

/** Every settled row of the chart's window of days, read page after page (lib/profits.ts, chartRows). */
export function useProfitsChart(account: string, coin: string, window: { start: string; end: string }) {
  const epoch = useSessionEpoch();
  return useQuery({
    queryKey: earningsKeys.profitsChart(epoch, account, coin, window.start, window.end),
    queryFn: ({ signal }) => chartRows(window, (query) => earningsApi.profits(account, coin, query, { signal })),
    placeholderData: keepPreviousData,
  });
}

/** A page of settled days (the table). */
export function useProfits(account: string, coin: string, query: ProfitQuery) {
  const epoch = useSessionEpoch();
  return useQuery({
    queryKey: earningsKeys.profits(epoch, account, coin, query),
    queryFn: ({ signal }) => earningsApi.profits(account, coin, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** docs/rules.md, Limits and constants: page size 10. */
export const SOLO_PAGE_SIZE = 10;

/** A page of the blocks the sub-account's own workers found; confirmations count up while open. */
export function useSoloBlocks(account: string, coin: string, page: number) {
  const epoch = useSessionEpoch();
  return useQuery({
    queryKey: earningsKeys.soloBlocks(epoch, account, coin, page),
    queryFn: ({ signal }) => earningsApi.soloBlocks(account, coin, page, SOLO_PAGE_SIZE, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** Each payout method's earnings per unit of hashrate over the last `days` settled days. */
export function useUnitHashrates(account: string, coin: string, days: number) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: earningsKeys.unitHashrates(epoch, account, coin, days), queryFn: ({ signal }) => earningsApi.unitHashrates(account, coin, days, { signal }) });
}

/** Every sub-account of the caller and coin it mines: hashrate, workers, yesterday's earnings. */
export function useMiningOverview() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: earningsKeys.miningOverview(epoch), queryFn: ({ signal }) => earningsApi.miningOverview({ signal }), refetchInterval: 60_000 });
}

/** The caller's invitation code, number of invitees, reward rate and rewards per coin. */
export function useInviteSummary() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: earningsKeys.invite(epoch), queryFn: ({ signal }) => earningsApi.invite({ signal }) });
}

/** A page of the caller's invitees, newest first. */
export function useInvitees(page: number) {
  const epoch = useSessionEpoch();
  return useQuery({
    queryKey: earningsKeys.invitees(epoch, page),
    queryFn: ({ signal }) => earningsApi.invitees(page, INVITE_PAGE_SIZE, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of the caller's invitation rewards per day and coin, newest first. */
export function useInviteRewards(page: number) {
  const epoch = useSessionEpoch();
  return useQuery({
    queryKey: earningsKeys.inviteRewards(epoch, page),
    queryFn: ({ signal }) => earningsApi.inviteRewards(page, INVITE_PAGE_SIZE, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSwitchPayMethod(account: string, coin: string) {
  const queryClient = useQueryClient();
  const epoch = useSessionEpoch();
  return useMutation({
    mutationFn: (method: PayMethod) => earningsApi.switchPayMethod(account, coin, method),
    onSuccess: (item) => queryClient.setQueryData(earningsKeys.payMethod(epoch, account, coin), item),
    // A refusal (the 24-hour rule) means the page's state was old: fetch it again.
    onError: () => void queryClient.invalidateQueries({ queryKey: earningsKeys.payMethod(epoch, account, coin) }),
  });
}

export function useFeeRates() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: earningsKeys.feeRates(epoch), queryFn: ({ signal }) => earningsApi.feeRates({ signal }) });
}

export function useMarketData(coin: string, page: number) {
  const epoch = useSessionEpoch();
  return useQuery({
    queryKey: earningsKeys.market(epoch, coin, page),
    queryFn: ({ signal }) => earningsApi.marketData(coin, page, MARKET_PAGE_SIZE, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePrices() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: earningsKeys.prices(epoch), queryFn: ({ signal }) => earningsApi.prices({ signal }) });
}

export function useHeldBlocks() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: earningsKeys.heldBlocks(epoch), queryFn: ({ signal }) => earningsApi.heldBlocks({ signal }) });
}

export function useEarningsAdminMutations() {
  const queryClient = useQueryClient();
  const epoch = useSessionEpoch();
  const onSuccess = () => {
    void queryClient.invalidateQueries({ queryKey: earningsKeys.admin(epoch) });
    // Users' pages (the operator's own) and the audit log show the change too.
    void queryClient.invalidateQueries({ queryKey: earningsKeys.user(epoch) });
    void queryClient.invalidateQueries({ queryKey: ['admin', epoch] });
  };
  return {
    setFeeRate: useMutation({ mutationFn: (body: FeeRateChange) => earningsApi.setFeeRate(body), onSuccess }),
    setPrice: useMutation({ mutationFn: (v: { kind: PriceKind; code: string; body: { value: string; reason: string } }) => earningsApi.setPrice(v.kind, v.code, v.body), onSuccess }),
    setMarketDay: useMutation({ mutationFn: (v: { coin: string; day: string; body: MarketDayChange }) => earningsApi.setMarketDay(v.coin, v.day, v.body), onSuccess }),
    // A block no longer held (it passed, or another operator voided it): the list is refreshed too.
    voidHeldBlock: useMutation({
      mutationFn: (v: { id: number; reason: string }) => earningsApi.voidHeldBlock(v.id, v.reason),
      onSuccess,
      onError: (error) => {
        if (error instanceof ApiError && error.code === ERRORS.block_not_held.code) onSuccess();
      },
    }),
  };
}
