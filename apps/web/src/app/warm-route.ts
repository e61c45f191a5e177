// The page the app opens on starts loading with the app. Left to React, its chunk is asked for only
// once i18next has started, the shell has rendered and the guard has decided, and its texts only
// once the page renders: two more round trips after the entry's, each 150 ms and more on a phone's
// network (Lighthouse's mobile LCP of the home page waited on both). Started here, they download
// while the entry's own work runs. The page and the texts are the same dynamic imports the router
// and i18next make later, which the browser's module map answers once.
import type { Language } from '@hashpool/shared';
import { loadTexts } from '../i18n/resources';
import { findRoute } from '../shell/routing/routing-rules';
import { titleNamespaces } from './document-title';
import { ROUTES } from './routes';

export function warmRoute(pathname: string, language: Language): void {
  const route = findRoute(pathname, ROUTES);
  if (!route) return;
  // A failure here is the router's to report (lazy-page.ts reloads or shows the update message).
  route.page().catch(() => undefined);
  for (const namespace of new Set([...titleNamespaces(route), ...(route.texts ?? [])])) loadTexts(language, namespace).catch(() => undefined);
}
