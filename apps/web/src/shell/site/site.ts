// The site's name: the operator's `site_name` parameter, the brand until it has loaded.
import { useParameters } from './site.queries';
import { BRAND_NAME } from './brand-name';

export { BRAND_NAME };

export function useSiteName(): string {
  return useParameters().data?.site_name || BRAND_NAME;
}
