// The earnings calls (paths as in apps/server earnings.routes.ts): a sub-account's payout method
// per coin (docs/rules.md, The API: GET /accounts/{account}/pay-method, PUT
// /accounts/{account}/pools/{pool}/pay-method), a sub-account's earnings of a coin (GET
// /pools/{pool}/accounts/{account}/profits/stats and /profits), the referral programme (GET /invite,
// /invite/invitees, /invite/rewards), the user's mining overview (GET /users/mining-overview), and the operators' fee rates, market data, prices and held blocks.
// Shapes are the shared zod schemas used as types only, so zod stays out of the page's bundle.
import type {
  adminFeeRateListSchema,
  blockPageSchema,
  adminFeeRateSchema,
  heldBlockListSchema,
  inviteePageSchema,
  inviteRewardPageSchema,
  inviteSummarySchema,
  marketDataPageSchema,
  marketDataSchema,
  miningOverviewSchema,
  PayMethod,
  payMethodItemSchema,
  payMethodListSchema,
  priceQuoteSchema,
  priceStatusSchema,
  PriceKind,
  profitPageSchema,
  profitRowSchema,
  ProfitStats,
  unitProfitListSchema,
} from '@hashpool/shared';
import { api } from '../../shell/api/client';
import type { Parsed } from '../../shell/api/parsed';

export type { PayMethod, PriceKind };
export type PayMethodItem = Parsed<typeof payMethodItemSchema>;
export type PayMethodList = Parsed<typeof payMethodListSchema>;
export type MarketDay = Parsed<typeof marketDataSchema>;
export type MarketDataPage = Parsed<typeof marketDataPageSchema>;
export type PriceQuote = Parsed<typeof priceQuoteSchema>;
export type PriceStatus = Parsed<typeof priceStatusSchema>;
export type AdminFeeRate = Parsed<typeof adminFeeRateSchema>;
export type AdminFeeRateList = Parsed<typeof adminFeeRateListSchema>;
export type HeldBlockList = Parsed<typeof heldBlockListSchema>;
export type HeldBlock = HeldBlockList['list'][number];
export type { ProfitStats };
export type ProfitRow = Parsed<typeof profitRowSchema>;
export type ProfitPage = Parsed<typeof profitPageSchema>;
/** Blocks one of the sub-account's own workers found (what SOLO pays for). */
export type SoloBlockPage = Parsed<typeof blockPageSchema>;
export type SoloBlock = SoloBlockPage['list'][number];
/** A day's earnings of one unit of hashrate under each payout method. */
export type UnitProfitList = Parsed<typeof unitProfitListSchema>;
export type InviteSummary = Parsed<typeof inviteSummarySchema>;
export type MiningOverview = Parsed<typeof miningOverviewSchema>;
export type MiningOverviewRow = MiningOverview['list'][number];
export type InviteePage = Parsed<typeof inviteePageSchema>;
export type Invitee = InviteePage['list'][number];
export type InviteRewardPage = Parsed<typeof inviteRewardPageSchema>;
export type InviteReward = InviteRewardPage['list'][number];

/** GET /pools/{pool}/accounts/{account}/profits: a page of days, optionally within UTC days start..end. */
export interface ProfitQuery {
  page: number;
  page_size: number;
  start?: string;
  end?: string;
}

export interface FeeRateChange {
  coin: string;
  method: PayMethod;
  fee_rate: string;
  reason: string;
}

export interface MarketDayChange {
  network_difficulty: string;
  block_subsidy: string;
  avg_fees_per_block: string;
  price_usd: string | null;
  reason: string;
}

type Options = { signal?: AbortSignal; silent?: boolean };
const enc = encodeURIComponent;

export const earningsApi = {
  payMethod: (account: string, coin: string, o?: Options) => api.get<PayMethodList>(`/accounts/${enc(account)}/pay-method`, { pool: coin }, o),
  switchPayMethod: (account: string, coin: string, method: PayMethod) => api.put<PayMethodItem>(`/accounts/${enc(account)}/pools/${enc(coin)}/pay-method`, { method }),
  profitStats: (account: string, coin: string, o?: Options) => api.get<ProfitStats>(`/pools/${enc(coin)}/accounts/${enc(account)}/profits/stats`, undefined, o),
  profits: (account: string, coin: string, query: ProfitQuery, o?: Options) => api.get<ProfitPage>(`/pools/${enc(coin)}/accounts/${enc(account)}/profits`, { ...query }, o),
  soloBlocks: (account: string, coin: string, page: number, pageSize: number, o?: Options) =>
    api.get<SoloBlockPage>(`/pools/${enc(coin)}/accounts/${enc(account)}/profits/solo`, { page, page_size: pageSize }, o),
  unitHashrates: (account: string, coin: string, days: number, o?: Options) => api.get<UnitProfitList>(`/pools/${enc(coin)}/accounts/${enc(account)}/profits/unit/hashrates`, { days }, o),

  // The user's mining overview (/user/mining): per sub-account and coin.
  miningOverview: (o?: Options) => api.get<MiningOverview>('/users/mining-overview', undefined, o),
  // The referral programme (/user/invite): the caller's code and totals, invitees, rewards per day.
  invite: (o?: Options) => api.get<InviteSummary>('/invite', undefined, o),
  invitees: (page: number, pageSize: number, o?: Options) => api.get<InviteePage>('/invite/invitees', { page, page_size: pageSize }, o),
  inviteRewards: (page: number, pageSize: number, o?: Options) => api.get<InviteRewardPage>('/invite/rewards', { page, page_size: pageSize }, o),

  feeRates: (o?: Options) => api.get<AdminFeeRateList>('/admin/earnings/fee-rates', undefined, o),
  // Silent: the dialogs place a refusal at its input.
  setFeeRate: (body: FeeRateChange) => api.put<AdminFeeRate>('/admin/earnings/fee-rates', { ...body }, { silent: true }),
  marketData: (coin: string, page: number, pageSize: number, o?: Options) => api.get<MarketDataPage>('/admin/earnings/market-data', { coin, page, page_size: pageSize }, o),
  // Coin prices and currency rates (the prices module's GET/PUT /admin/prices).
  prices: (o?: Options) => api.get<PriceStatus>('/admin/prices', undefined, o),
  setPrice: (kind: PriceKind, code: string, body: { value: string; reason: string }) => api.put<PriceQuote>(`/admin/prices/${enc(kind)}/${enc(code)}`, { ...body }, { silent: true }),
  setMarketDay: (coin: string, day: string, body: MarketDayChange) => api.put<MarketDay>(`/admin/earnings/market-data/${enc(coin)}/${enc(day)}`, { ...body }, { silent: true }),
  // Held blocks (finance): the chain check's holds, and giving one up.
  heldBlocks: (o?: Options) => api.get<HeldBlockList>('/admin/earnings/held-blocks', undefined, o),
  voidHeldBlock: (id: number, reason: string) => api.post<null>(`/admin/earnings/held-blocks/${id}/void`, { reason }, { silent: true }),
};
