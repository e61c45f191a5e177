// Words of the shared permission table (OBSERVER_PAGES): which pages each permission opens.
import type { TFunction } from 'i18next';
import { OBSERVER_PERMISSION_PAGES, type ObserverPermission } from '@hashpool/shared';

/** "Dashboard, Workers, Worker detail": the pages a permission opens, from the one shared table. */
export function pagesOf(permission: ObserverPermission, t: TFunction): string {
  return OBSERVER_PERMISSION_PAGES[permission].map((page) => t(`observers:pages.${page}`)).join(', ');
}
