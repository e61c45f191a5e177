// The promotions calls (paths as in apps/server promotions.routes.ts): coupons, red
// packets (public page, receiving, the user's received ones) and the operators' campaigns and
// packets. Shapes are the shared zod schemas, as types only.
import type {
  accountListSchema,
  adminRedPacketPageSchema,
  adminRedPacketSchema,
  couponCampaignPageSchema,
  couponCampaignSchema,
  couponDetailSchema,
  couponPageSchema,
  CouponStatus,
  NewCampaign,
  NewRedPacket,
  NewUserRedPacket,
  redPacketDetailSchema,
  redPacketMineSchema,
  redPacketReceiptDetailSchema,
  redPacketReceiptPageSchema,
  redPacketSchema,
  userPacketFundingSchema,
  UserPacketSettings,
} from '@hashpool/shared';
import { IDEMPOTENCY_HEADER } from '@hashpool/shared';
import { api, apiDownload } from '../../shell/api/client';
import type { Parsed } from '../../shell/api/parsed';
import { announceAccountSwitch } from '../../shell/session/session';

export type { CouponStatus, NewCampaign, NewRedPacket, NewUserRedPacket, UserPacketSettings };
export type UserPacketFunding = Parsed<typeof userPacketFundingSchema>;
export type Coupon = Parsed<typeof couponDetailSchema>;
export type CouponPage = Parsed<typeof couponPageSchema>;
export type CouponItem = CouponPage['list'][number];
export type RedPacket = Parsed<typeof redPacketSchema>;
export type RedPacketDetail = Parsed<typeof redPacketDetailSchema>;
export type RedPacketMine = Parsed<typeof redPacketMineSchema>;
export type Receipt = Parsed<typeof redPacketReceiptDetailSchema>;
export type ReceiptPage = Parsed<typeof redPacketReceiptPageSchema>;
export type ReceiptItem = ReceiptPage['list'][number];
export type Campaign = Parsed<typeof couponCampaignSchema>;
export type CampaignPage = Parsed<typeof couponCampaignPageSchema>;
export type AdminRedPacket = Parsed<typeof adminRedPacketSchema>;
export type AdminRedPacketPage = Parsed<typeof adminRedPacketPageSchema>;
type AccountList = Parsed<typeof accountListSchema>;

type Options = { signal?: AbortSignal; silent?: boolean };
const enc = encodeURIComponent;

export const promotionsApi = {
  coupons: (query: { page: number; page_size: number; status?: CouponStatus | undefined }, o?: Options) =>
    api.get<CouponPage>('/coupons', { page: query.page, page_size: query.page_size, ...(query.status ? { status: query.status } : {}) }, o),
  coupon: (id: string, o?: Options) => api.get<Coupon>(`/coupons/${enc(id)}`, undefined, o),
  // Silent: the forms place the refusal at their input.
  redeem: (code: string) => api.post<Coupon>('/coupons/redeem', { code }, { silent: true }),
  useCoupon: (id: string, coin: string) => api.post<Coupon>(`/coupons/${enc(id)}/use`, { coin }, { silent: true }),

  packet: (id: string, o?: Options) => api.get<RedPacket>(`/red-packets/${enc(id)}`, undefined, o),
  packetDetail: (id: string, o?: Options) => api.get<RedPacketDetail>(`/red-packets/${enc(id)}/detail`, undefined, o),
  packetMine: (id: string, o?: Options) => api.get<RedPacketMine>(`/red-packets/${enc(id)}/mine`, undefined, o),
  receive: (id: string) => api.post<Receipt>(`/red-packets/${enc(id)}/receive`),
  receipts: (page: number, pageSize: number, o?: Options) => api.get<ReceiptPage>('/user/red-packets', { page, page_size: pageSize }, o),
  receipt: (id: string, o?: Options) => api.get<Receipt>(`/user/red-packets/${enc(id)}`, undefined, o),
  /** The user's sub-accounts, to find the main one (receiving asks for it). */
  accounts: () => api.get<AccountList>('/accounts'),
  // The other tabs hear of it: the server keeps one current sub-account per user.
  switchAccount: (accountId: string) => api.put<null>('/users/accounts', { account_id: accountId }).then(announceAccountSwitch),

  funding: (o?: Options) => api.get<UserPacketFunding>('/user/red-packets/funding', undefined, o),
  created: (page: number, pageSize: number, o?: Options) => api.get<AdminRedPacketPage>('/user/red-packets/created', { page, page_size: pageSize }, o),
  // Moves the user's money: the form's idempotency key goes with every try of one packet.
  fundPacket: (body: NewUserRedPacket, key: string) => api.post<AdminRedPacket>('/user/red-packets', { ...body }, { silent: true, headers: { [IDEMPOTENCY_HEADER]: key } }),
  cancelMyPacket: (id: string) => api.post<AdminRedPacket>(`/user/red-packets/${enc(id)}/cancel`),
  userFunding: (o?: Options) => api.get<UserPacketSettings>('/admin/promotions/user-funding', undefined, o),
  setUserFunding: (body: UserPacketSettings) => api.put<UserPacketSettings>('/admin/promotions/user-funding', { ...body }, { silent: true }),

  campaigns: (page: number, pageSize: number, o?: Options) => api.get<CampaignPage>('/admin/promotions/campaigns', { page, page_size: pageSize }, o),
  createCampaign: (body: NewCampaign) => api.post<Campaign>('/admin/promotions/campaigns', { ...body }, { silent: true }),
  disableCampaign: (id: string) => api.post<Campaign>(`/admin/promotions/campaigns/${enc(id)}/disable`),
  cancelPacket: (id: string) => api.post<AdminRedPacket>(`/admin/promotions/red-packets/${enc(id)}/cancel`),
  codesCsv: (id: string) => apiDownload(`/admin/promotions/campaigns/${enc(id)}/codes.csv`),
  packets: (page: number, pageSize: number, o?: Options) => api.get<AdminRedPacketPage>('/admin/promotions/red-packets', { page, page_size: pageSize }, o),
  createPacket: (body: NewRedPacket, key: string) => api.post<AdminRedPacket>('/admin/promotions/red-packets', { ...body }, { silent: true, headers: { [IDEMPOTENCY_HEADER]: key } }),
};
