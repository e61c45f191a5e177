// The browser tab's title from the route table: "<title> - <site>", the coin pages' title in their
// frame ("Bitcoin pool · Workers - Hashpool"), the site alone on the home page and on routes
// without a title. Pure, so apps/web/test/route-table.test.ts can check it; DocumentTitle.tsx
// applies it.
import type { TFunction } from 'i18next';
import type { CoinInfo } from '@hashpool/shared';
import type { RouteMeta } from '../shell/routing/route-table';

export interface TitleValues {
  /** The site's name (the operator's site_name parameter). */
  site: string;
  /** The operator's support address (the legal pages' titles may name it). */
  email: string;
  /** The coin of a coin page's address (/pool/:type/..., /mining/:coin/...). */
  coin?: CoinInfo;
}

/** The i18n namespaces a route's title needs. */
export function titleNamespaces(route: RouteMeta): string[] {
  const keys = [route.title, route.titleFrame].filter((key): key is string => !!key);
  return [...new Set(['common', ...keys.map((key) => (key.includes(':') ? key.slice(0, key.indexOf(':')) : 'common'))])];
}

export function documentTitle(route: RouteMeta | undefined, t: TFunction, values: TitleValues): string {
  if (!route || route.siteTitle || !route.title) return values.site;
  const base = { site: values.site, email: values.email };
  const page = t(route.title, base);
  const framed = route.titleFrame && values.coin ? t(route.titleFrame, { ...base, page, coin: values.coin.name, symbol: values.coin.symbol }) : page;
  return `${framed} - ${values.site}`;
}
