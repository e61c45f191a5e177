// TanStack Query hooks over the public content calls. Texts that the server localises (footer
// titles, announcements, sliders) are keyed by language so a switch fetches them anew.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contentApi } from './site.api';

const FIVE_MINUTES = 5 * 60_000;

export function useParameters() {
  return useQuery({ queryKey: ['parameters'], queryFn: ({ signal }) => contentApi.parameters(signal), staleTime: FIVE_MINUTES });
}

export function usePools() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['pools', i18n.language], queryFn: ({ signal }) => contentApi.pools(signal), staleTime: FIVE_MINUTES });
}

export function useFooterLinks() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['footer-links', i18n.language], queryFn: ({ signal }) => contentApi.footerLinks(signal), staleTime: FIVE_MINUTES });
}

export function useAnnouncements(page: number, pageSize: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['announcements', i18n.language, page, pageSize],
    queryFn: ({ signal }) => contentApi.announcements(page, pageSize, signal),
    placeholderData: (previous) => previous,
  });
}

export function useSliders(position: string) {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['sliders', i18n.language, position], queryFn: ({ signal }) => contentApi.sliders(position, signal), staleTime: FIVE_MINUTES });
}

export function useRates() {
  return useQuery({ queryKey: ['rates'], queryFn: ({ signal }) => contentApi.rates(signal), staleTime: FIVE_MINUTES });
}
