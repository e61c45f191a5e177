// The earnings calls (paths as in apps/server earnings.routes.ts): a sub-account's payout method
// per coin (SPEC.md section 7: GET /accounts/{account}/pay-method, PUT
// /accounts/{account}/pools/{pool}/pay-method), and the operators' fee rates and market data.
// Shapes are the shared zod schemas used as types only, so zod stays out of the page's bundle.
import type { adminFeeRateListSchema, adminFeeRateSchema, marketDataPageSchema, marketDataSchema, PayMethod, payMethodItemSchema, payMethodListSchema } from '@hashpool/shared';
import { api } from '../../api/client';

type Parsed<S extends { parse: (input: unknown) => unknown }> = ReturnType<S['parse']>;

export type { PayMethod };
export type PayMethodItem = Parsed<typeof payMethodItemSchema>;
export type PayMethodList = Parsed<typeof payMethodListSchema>;
export type MarketDay = Parsed<typeof marketDataSchema>;
export type MarketDataPage = Parsed<typeof marketDataPageSchema>;
export type AdminFeeRate = Parsed<typeof adminFeeRateSchema>;
export type AdminFeeRateList = Parsed<typeof adminFeeRateListSchema>;

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

  feeRates: (o?: Options) => api.get<AdminFeeRateList>('/admin/earnings/fee-rates', undefined, o),
  // Silent: the dialogs place a refusal at its input.
  setFeeRate: (body: FeeRateChange) => api.put<AdminFeeRate>('/admin/earnings/fee-rates', { ...body }, { silent: true }),
  marketData: (coin: string, page: number, pageSize: number, o?: Options) => api.get<MarketDataPage>('/admin/earnings/market-data', { coin, page, page_size: pageSize }, o),
  setMarketDay: (coin: string, day: string, body: MarketDayChange) => api.put<MarketDay>(`/admin/earnings/market-data/${enc(coin)}/${enc(day)}`, { ...body }, { silent: true }),
};
