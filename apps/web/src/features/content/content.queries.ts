// TanStack Query hooks over the home page's content calls. The server localises the texts, so
// they are keyed by language and a switch fetches them anew.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contentApi } from './content.api';

const FIVE_MINUTES = 5 * 60_000;

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

export function useAdvertisements() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['advertisements', i18n.language], queryFn: ({ signal }) => contentApi.advertisements(signal), staleTime: FIVE_MINUTES });
}
