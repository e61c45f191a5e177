// The site's name: the operator's `site_name` parameter, the brand until it has loaded.
import { useParameters } from './site.queries';

export const BRAND_NAME = 'Hashpool';

export function useSiteName(): string {
  return useParameters().data?.site_name || BRAND_NAME;
}
