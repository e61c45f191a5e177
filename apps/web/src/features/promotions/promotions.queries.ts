// TanStack Query hooks over the promotions calls, keyed by the session epoch (a login or logout
// starts afresh).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionEpoch } from '../../shell/session/session';
import { userKeys } from '../../shell/session/user.queries';
import { promotionsApi, type CouponStatus, type NewCampaign, type NewRedPacket, type NewUserRedPacket, type UserPacketSettings } from './promotions.api';

export const PAGE_SIZE = 10;

export const promotionsKeys = {
  all: (epoch: number) => ['promotions', epoch] as const,
  coupons: (epoch: number, status: CouponStatus | undefined, page: number) => ['promotions', epoch, 'coupons', status ?? 'all', page] as const,
  coupon: (epoch: number, id: string) => ['promotions', epoch, 'coupon', id] as const,
  packet: (id: string, detail: boolean) => ['promotions', 'packet', id, detail] as const,
  packetMine: (epoch: number, id: string) => ['promotions', epoch, 'packet-mine', id] as const,
  receipts: (epoch: number, page: number) => ['promotions', epoch, 'receipts', page] as const,
  receipt: (epoch: number, id: string) => ['promotions', epoch, 'receipt', id] as const,
  funding: (epoch: number) => ['promotions', epoch, 'funding'] as const,
  created: (epoch: number, page: number) => ['promotions', epoch, 'created', page] as const,
  admin: (epoch: number) => ['promotions-admin', epoch] as const,
  userFunding: (epoch: number) => ['promotions-admin', epoch, 'user-funding'] as const,
  campaigns: (epoch: number, page: number) => ['promotions-admin', epoch, 'campaigns', page] as const,
  packets: (epoch: number, page: number) => ['promotions-admin', epoch, 'packets', page] as const,
};

export function useCoupons(status: CouponStatus | undefined, page: number) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: promotionsKeys.coupons(epoch, status, page), queryFn: ({ signal }) => promotionsApi.coupons({ status, page, page_size: PAGE_SIZE }, { signal }), placeholderData: keepPreviousData });
}

export function useCoupon(id: string) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: promotionsKeys.coupon(epoch, id), queryFn: ({ signal }) => promotionsApi.coupon(id, { signal, silent: true }), retry: false });
}

export function useCouponMutations() {
  const epoch = useSessionEpoch();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: promotionsKeys.all(epoch) });
  return {
    redeem: useMutation({ mutationFn: (code: string) => promotionsApi.redeem(code), onSuccess: refresh }),
    use: useMutation({ mutationFn: ({ id, coin }: { id: string; coin: string }) => promotionsApi.useCoupon(id, coin), onSuccess: refresh }),
  };
}

/** A packet by its link (no login), with its receivers on the detail page. */
export function usePacket(id: string, detail: boolean) {
  return useQuery({
    queryKey: promotionsKeys.packet(id, detail),
    queryFn: ({ signal }) => (detail ? promotionsApi.packetDetail(id, { signal, silent: true }) : promotionsApi.packet(id, { signal, silent: true })),
    retry: false,
  });
}

/** What the logged-in caller has of the packet (only asked when logged in). */
export function usePacketMine(id: string, enabled: boolean) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: promotionsKeys.packetMine(epoch, id), queryFn: ({ signal }) => promotionsApi.packetMine(id, { signal, silent: true }), enabled, retry: false });
}

export function useReceive(id: string) {
  const epoch = useSessionEpoch();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => promotionsApi.receive(id),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: promotionsKeys.all(epoch) });
      await client.invalidateQueries({ queryKey: ['promotions', 'packet', id] });
    },
  });
}

/** Switches to the main (default) sub-account, as receiving a packet asks. */
export function useSwitchToMain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const main = (await promotionsApi.accounts()).find((a) => a.is_default);
      if (main) await promotionsApi.switchAccount(main.id);
      return main?.name ?? null;
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: userKeys.all });
      await client.invalidateQueries({ queryKey: ['promotions'] });
    },
  });
}

export function useReceipts(page: number) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: promotionsKeys.receipts(epoch, page), queryFn: ({ signal }) => promotionsApi.receipts(page, PAGE_SIZE, { signal }), placeholderData: keepPreviousData });
}

export function useReceipt(id: string) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: promotionsKeys.receipt(epoch, id), queryFn: ({ signal }) => promotionsApi.receipt(id, { signal, silent: true }), retry: false });
}

export function useCampaigns(page: number) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: promotionsKeys.campaigns(epoch, page), queryFn: ({ signal }) => promotionsApi.campaigns(page, PAGE_SIZE, { signal }), placeholderData: keepPreviousData });
}

export function useAdminPackets(page: number) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: promotionsKeys.packets(epoch, page), queryFn: ({ signal }) => promotionsApi.packets(page, PAGE_SIZE, { signal }), placeholderData: keepPreviousData });
}

export function useAdminMutations() {
  const epoch = useSessionEpoch();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: promotionsKeys.admin(epoch) });
  return {
    createCampaign: useMutation({ mutationFn: (body: NewCampaign) => promotionsApi.createCampaign(body), onSuccess: refresh }),
    // Refreshed when settled: a call that timed out may have made the packet all the same.
    createPacket: useMutation({ mutationFn: (v: { body: NewRedPacket; key: string }) => promotionsApi.createPacket(v.body, v.key), onSettled: refresh }),
    disableCampaign: useMutation({ mutationFn: (id: string) => promotionsApi.disableCampaign(id), onSuccess: refresh }),
    // The cancelled packet may be the operator's own funded one: the user lists are stale too.
    cancelPacket: useMutation({ mutationFn: (id: string) => promotionsApi.cancelPacket(id), onSuccess: () => Promise.all([refresh(), client.invalidateQueries({ queryKey: promotionsKeys.all(epoch) })]) }),
  };
}

/** The coins the user may fund packets of (empty: operators have not enabled it). */
export function useFunding() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: promotionsKeys.funding(epoch), queryFn: ({ signal }) => promotionsApi.funding({ signal }) });
}

export function useCreatedPackets(page: number) {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: promotionsKeys.created(epoch, page), queryFn: ({ signal }) => promotionsApi.created(page, PAGE_SIZE, { signal }), placeholderData: keepPreviousData });
}

export function useFundPacket() {
  const epoch = useSessionEpoch();
  const client = useQueryClient();
  return useMutation({ mutationFn: (v: { body: NewUserRedPacket; key: string }) => promotionsApi.fundPacket(v.body, v.key), onSettled: () => client.invalidateQueries({ queryKey: promotionsKeys.all(epoch) }) });
}

/** Cancels a packet the user funded (the leftover of the shares not received returns at once). */
export function useCancelMyPacket() {
  const epoch = useSessionEpoch();
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => promotionsApi.cancelMyPacket(id), onSettled: () => client.invalidateQueries({ queryKey: promotionsKeys.all(epoch) }) });
}

export function useUserFunding() {
  const epoch = useSessionEpoch();
  return useQuery({ queryKey: promotionsKeys.userFunding(epoch), queryFn: ({ signal }) => promotionsApi.userFunding({ signal }) });
}

export function useSetUserFunding() {
  const epoch = useSessionEpoch();
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: UserPacketSettings) => promotionsApi.setUserFunding(body), onSuccess: () => client.invalidateQueries({ queryKey: promotionsKeys.userFunding(epoch) }) });
}
