// The address-mining calls (docs/rules.md, The API; paths as in apps/server address-mining.routes.ts
// and earnings/address-earnings.routes.ts). Public: no session needed. Shapes are the shared zod
// schemas used as types only.
import type {
  addressIpStatsSchema,
  addressMinerInfoSchema,
  addressPaymentsSchema,
  addressPoolSchema,
  addressProfitsSchema,
  blockPageSchema,
  hashrateSeriesSchema,
  minerPageSchema,
  stakeCalculatorSchema,
} from '@hashpool/shared';
import { api } from '../../shell/api/client';
import type { Parsed } from '../../shell/api/parsed';
import type { HashrateRange } from '../../ui/charts/RangeSwitch';

export type AddressPool = Parsed<typeof addressPoolSchema>;
export type AddressMinerInfo = Parsed<typeof addressMinerInfoSchema>;
export type AddressProfits = Parsed<typeof addressProfitsSchema>;
export type AddressPayments = Parsed<typeof addressPaymentsSchema>;
export type StakeCalculation = Parsed<typeof stakeCalculatorSchema>;
export type AddressIpStats = Parsed<typeof addressIpStatsSchema>;
type Series = Parsed<typeof hashrateSeriesSchema>;
type MinerPage = Parsed<typeof minerPageSchema>;
type BlockPage = Parsed<typeof blockPageSchema>;

export type WorkerSort = 'now' | '1h' | '24h' | 'reject' | 'lastShare' | 'workerName';
export type WorkerStatusFilter = 'all' | 'active' | 'inactive' | 'dead';
const base = (coin: string) => `/address-mining/${coin}`;
const miner = (coin: string, address: string) => `${base(coin)}/miner/${encodeURIComponent(address)}`;
const quiet = { silent: true } as const;

export const addressMiningApi = {
  pool: (coin: string) => api.get<AddressPool>(`${base(coin)}/pool/stats`),
  poolSeries: (coin: string, range: HashrateRange) => api.get<Series>(`${base(coin)}/hashrates`, { range }),
  blocks: (coin: string, page: number) => api.get<BlockPage>(`${base(coin)}/blocks`, { page, page_size: 10 }),
  // The address calls answer a malformed address with an error the search form has said already.
  info: (coin: string, address: string) => api.get<AddressMinerInfo>(`${miner(coin, address)}/info`, undefined, quiet),
  series: (coin: string, address: string, range: HashrateRange) => api.get<Series>(`${miner(coin, address)}/hashrates`, { range }, quiet),
  // One worker of the address (by its name) over a range: the dashboard's worker chart.
  workerSeries: (coin: string, address: string, worker: string, range: HashrateRange) =>
    api.get<Series>(`${miner(coin, address)}/workers/${encodeURIComponent(worker)}/hashrates`, { range }, quiet),
  workers: (coin: string, address: string, query: { page: number; page_size: number; sort: WorkerSort; order: 'asc' | 'desc'; status?: WorkerStatusFilter }) =>
    api.get<MinerPage>(`${miner(coin, address)}/workers`, query, quiet),
  ips: (coin: string, address: string, page: number) => api.get<AddressIpStats>(`${miner(coin, address)}/ips`, { page, page_size: 10 }, quiet),
  profits: (coin: string, address: string, page: number) => api.get<AddressProfits>(`${miner(coin, address)}/profits`, { page, page_size: 10 }, quiet),
  payments: (coin: string, address: string, page: number) => api.get<AddressPayments>(`${base(coin)}/payments/${encodeURIComponent(address)}`, { page, page_size: 10 }, quiet),
  stake: (query: { hashrate?: number; address?: string; stake?: string }) => api.get<StakeCalculation>('/address-mining/aleo/stake-calculator', query),
};
