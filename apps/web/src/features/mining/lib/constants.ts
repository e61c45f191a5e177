// Constants of the pool pages (docs/rules.md, Limits and constants, unless said otherwise).

/** Rows per page of every pool list, and the pager's buttons: those of the pager (ui/paging.ts). */
export { PAGE_SIZE, PAGER_COUNT } from '../../../ui/paging';

/** Latest blocks on the account dashboard. */
export const DASHBOARD_BLOCKS = 5;

/**
 * How often live figures are fetched again. The server recomputes worker windows once a minute
 * (MINING_JOB_INTERVAL_SECONDS), so polling faster would only repeat the same numbers.
 */
export const LIVE_REFRESH_MS = 60_000;

/** Chart points are 10-minute (24 h) or hourly (30 d): a new one appears at most every 10 minutes. */
export const CHART_REFRESH_MS = 5 * 60_000;

/** The unread badge in the header. */
export const UNREAD_REFRESH_MS = 60_000;

/** Repeat interval of an alert, minutes (the server's alertSettingsSchema). */
export const REPEAT_MINUTES = { min: 10, max: 1440 } as const;

/** The SOLO fee label of docs/rules.md, Limits and constants (0.5 percent). */
export const SOLO_FEE_PERCENT = '0.5';

/** Payout methods the pool page explains; names are the industry's own and stay untranslated. */
export const PAYOUT_METHODS = [
  { code: 'pps_plus', label: 'PPS+' },
  { code: 'fpps', label: 'FPPS' },
  { code: 'pplns', label: 'PPLNS' },
  { code: 'solo', label: 'SOLO' },
] as const;
export type PayoutMethodCode = (typeof PAYOUT_METHODS)[number]['code'];

/** The path of each pool page of a coin. */
export const poolPaths = {
  home: (coin: string) => `/pool/${coin}/home`,
  miner: (coin: string, search = '') => `/pool/${coin}/miner${search}`,
  /** `list`: the worker list's query string, for the detail's way back to the same filters and page. */
  minerDetail: (coin: string, id: number, list = '') => `/pool/${coin}/miner/detail?id=${id}${list ? `&list=${encodeURIComponent(list)}` : ''}`,
  stat: (coin: string) => `/pool/${coin}/stat`,
  info: (coin: string) => `/pool/${coin}/info`,
  profit: (coin: string) => `/pool/${coin}/profit`,
  messages: '/user/message',
  subAccounts: '/user/account',
} as const;
