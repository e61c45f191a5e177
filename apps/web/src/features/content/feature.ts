// The site's own pages (home, legal texts, download): public, built with the shell.
import { defineFeature, type RouteDef } from '../../shell/features/feature';

/** The site's pages are public. */
const CONTENT = { access: 'public' } as const;

const routes: readonly RouteDef[] = [
  {
    ...CONTENT,
    path: '/',
    page: () => import('./pages/HomePage'),
    title: 'common:nav.home',
    siteTitle: true,
    menu: [
      { menu: 'main', order: 10, key: 'home' },
      { menu: 'main', order: 20, key: 'pools', hash: '#pools', label: 'common:nav.pools' },
    ],
  },
  { ...CONTENT, path: '/terms', page: () => import('./pages/TermsPage'), title: 'legal:terms.title' },
  { ...CONTENT, path: '/about-us', page: () => import('./pages/AboutPage'), title: 'legal:about.title' },
  { ...CONTENT, path: '/download', page: () => import('./pages/DownloadPage'), title: 'download:title',
    menu: [{ menu: 'main', order: 40, key: 'download', label: 'common:nav.download' }] },
];

export const contentFeature = defineFeature({ name: 'content', namespaces: ['home', 'legal', 'download'], routes });
