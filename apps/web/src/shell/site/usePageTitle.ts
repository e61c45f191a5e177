// The browser tab's title: "<page> - <site>", or the site alone on the home page.
import { useEffect } from 'react';
import { useSiteName } from './site';

export function usePageTitle(page?: string): void {
  const site = useSiteName();
  useEffect(() => {
    document.title = page ? `${page} - ${site}` : site;
  }, [page, site]);
}
