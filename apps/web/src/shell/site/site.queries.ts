// TanStack Query hooks over the site-wide content calls. Texts that the server localises (pool
// names, footer titles) are keyed by language so a switch fetches them anew.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { siteApi } from './site.api';

const FIVE_MINUTES = 5 * 60_000;

/** The public parameters' query: an operator's change of a parameter refreshes it. */
export const PARAMETERS_KEY = ['parameters'] as const;

export function useParameters() {
  return useQuery({ queryKey: PARAMETERS_KEY, queryFn: ({ signal }) => siteApi.parameters(signal), staleTime: FIVE_MINUTES });
}

/** The pool lists of every language: an operator's change of the coin list refreshes them. */
export const POOLS_KEY = ['pools'] as const;

export function usePools() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: [...POOLS_KEY, i18n.language], queryFn: ({ signal }) => siteApi.pools(signal), staleTime: FIVE_MINUTES });
}

export function useFooterLinks() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['footer-links', i18n.language], queryFn: ({ signal }) => siteApi.footerLinks(signal), staleTime: FIVE_MINUTES });
}

export function useRates() {
  return useQuery({ queryKey: ['rates'], queryFn: ({ signal }) => siteApi.rates(signal), staleTime: FIVE_MINUTES });
}
