// Constants of the wallet pages (docs/rules.md, Limits and constants, unless said otherwise).

/** Rows per page of every wallet list. */
export const PAGE_SIZE = 10;

/** Rows of the recent withdrawals and deposits on the asset page. */
export const RECENT_SIZE = 10;

/** The pages of the wallet. */
export const walletPaths = {
  assets: '/asset/index',
  transactions: '/asset/transaction',
  fund: (id: number | string) => `/fund/${id}`,
  /** Where the pay password is set (docs/rules.md, Validation: before withdrawing). */
  settings: '/user/setting',
} as const;

/** The tabs under the balances; the chosen one is in the address (?tab=deposits). */
export const ASSET_TABS = ['withdrawals', 'deposits', 'addresses', 'payout'] as const;
export type AssetTab = (typeof ASSET_TABS)[number];

export function parseAssetTab(value: string | null): AssetTab {
  return (ASSET_TABS as readonly string[]).includes(value ?? '') ? (value as AssetTab) : 'withdrawals';
}
