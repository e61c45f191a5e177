// The public content every page's frame reads (docs/rules.md, The API, "Content"): the operator's
// parameters (site name), the pools (coin lists and switchers), the footer links and the currency
// rates. The home page's own content (announcements, sliders) is features/content's. Shapes are
// the zod schemas of packages/shared/src/schemas/content.ts, used here as types only so zod stays
// out of the bundle (shared declares sideEffects: false, so importing its helpers never pulls the
// schemas in).
import type { FooterLink, PoolItem, RateItem } from '@hashpool/shared';
import { api } from '../api/client';

export type { FooterLink };

/** Public parameters the shell and the first pages read. */
export const PUBLIC_PARAMETER_KEYS = ['site_name', 'app_download_url', 'app_version', 'support_email'] as const;
export type PublicParameterKey = (typeof PUBLIC_PARAMETER_KEYS)[number];
export type PublicParameters = Partial<Record<PublicParameterKey, string>>;

export const siteApi = {
  parameters: (signal?: AbortSignal) => api.get<PublicParameters>('/parameters', { keys: PUBLIC_PARAMETER_KEYS.join(',') }, { signal }),
  pools: (signal?: AbortSignal) => api.get<PoolItem[]>('/pools', undefined, { signal }),
  footerLinks: (signal?: AbortSignal) => api.get<FooterLink[]>('/media/footer-link/list', undefined, { signal }),
  rates: (signal?: AbortSignal) => api.get<{ rates: RateItem[] }>('/v2/wallets/currency/rates', undefined, { signal }),
};
