// The home page's first screen as HTML in index.html, so that on a slow phone the header bar and
// the hero (the largest paint) show before the JavaScript bundle has arrived and run (issue 30:
// Lighthouse's mobile LCP was the bundle's download and start-up). Written at build time from the
// real texts of the five languages (src/i18n/locales/<lang>/home.json) and the real theme tokens
// (src/shell/theme.ts through Ant Design), HTML-escaped. It sits inside #root, so React's first
// render replaces it; its boxes are the app's (AppLayout, AppHeader, HeroSection), so nothing
// moves when that happens (e2e/layout-shift.spec.ts). The inline script after it
// (packages/shared/src/first-screen.ts) picks the stored language and theme and removes the hero
// on other paths. The pool dashboard (/pool/<coin>/home, logged in) gets its title row the same way:
// its heading is that page's largest paint. The site name is the default one: an operator's own name replaces it when the
// app has read the site parameters, as it does in the app's own first render.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { theme as antdTheme } from 'antd';
import type { Plugin } from 'vite';
// By path, not by package name: Vite's config loader bundles relative imports only, and the
// shared package is TypeScript source that Node cannot load by itself.
import { FIRST_SCREEN_SCRIPT } from '../../packages/shared/src/first-screen';
import { LANGUAGES, type Language } from '../../packages/shared/src/i18n';
import { themeConfig, BRAND, type ThemeMode } from './src/shell/theme';
import { BRAND_NAME } from './src/shell/site/brand-name';
import { CONTENT_MAX_WIDTH, MOBILE_BREAKPOINT } from './src/ui/responsive';

export interface HeroTexts {
  title: string;
  subtitle: string;
  start: string;
  download: string;
  /** The pool dashboard's title (PoolFrame's heading), around the coin's name: [before, after]. */
  poolTitle: [string, string];
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * The first-screen texts of one language: the hero as HeroSection shows it with the default site
 * name, and the pool dashboard's title as PoolFrame writes it, split where the coin's name goes.
 */
export function heroTexts(language: Language, localesDir = path.resolve(import.meta.dirname, 'src/i18n/locales')): HeroTexts {
  const read = <T>(namespace: string) => JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as T;
  const home = read<{ hero: Omit<HeroTexts, 'poolTitle'> }>('home');
  const pool = read<{ frame: { title: string }; nav: { home: string } }>('pool');
  const [before, after = ''] = pool.frame.title.replaceAll('{{page}}', pool.nav.home).split('{{coin}}');
  return { ...home.hero, title: home.hero.title.replaceAll('{{site}}', BRAND_NAME), poolTitle: [before!, after] };
}

function themeRules(mode: ThemeMode): string {
  const t = antdTheme.getDesignToken(themeConfig(mode));
  const scope = mode === 'dark' ? "html[data-theme='dark'] " : '';
  return [
    `${scope}.hp-fs{background:${t.colorBgLayout};color:${t.colorText}}`,
    `${scope}.hp-fs header{background:${t.colorBgContainer};border-bottom:1px solid ${t.colorBorderSecondary}}`,
    `${scope}.hp-fs h1{color:${t.colorTextHeading}}`,
    `${scope}.hp-fs-avatar{background:${t.colorFillSecondary}}`,
    `${scope}.hp-fs p{color:${t.colorTextSecondary}}`,
    `${scope}.hp-fs-button{background:${t.colorBgContainer};border-color:${t.colorBorder};color:${t.colorText}}`,
    `${scope}.hp-fs-button.hp-fs-primary{background:${t.colorPrimary};border-color:transparent;color:${t.colorTextLightSolid}}`,
  ].join('');
}

/** The style of the first screen: the measures of AppLayout, AppHeader, HeroSection and ui/Text, in both themes. */
export function firstScreenStyle(): string {
  const { fontFamily, fontSize } = antdTheme.getDesignToken(themeConfig('light'));
  return [
    "html[data-theme='dark'],html[data-theme='dark'] body{background:#000}",
    'body{margin:0}',
    `.hp-fs{min-height:100vh;font-family:${fontFamily};font-size:${fontSize}px}`,
    '.hp-fs header{box-sizing:border-box;height:64px;display:flex;align-items:center;gap:16px;padding:0 24px;position:sticky;top:0}',
    '.hp-fs header a{display:flex;align-items:center;gap:8px;color:inherit;text-decoration:none;font-size:18px;font-weight:600}',
    `.hp-fs main{box-sizing:border-box;width:100%;max-width:${CONTENT_MAX_WIDTH}px;margin:0 auto;padding:24px 16px 48px}`,
    '.hp-fs-hero{display:flex;flex-direction:column;gap:8px;padding:8px 0}',
    '.hp-fs-hero[hidden]{display:none}',
    // PoolFrame's title row: a 36 px coin badge (here a blank one), 12 px apart, the heading.
    '.hp-fs-pool{flex-direction:row;align-items:center;gap:12px;padding:0;margin-bottom:16px}',
    '.hp-fs-avatar{width:36px;height:36px;border-radius:50%;flex-shrink:0}',
    '.hp-fs .hp-fs-pool h1{font-size:clamp(22px,3vw,28px);line-height:1.25}',
    '.hp-fs h1{margin:0;font-size:clamp(26px,4vw,38px);line-height:1.25;font-weight:600}',
    '.hp-fs p{margin:0 0 8px;font-size:16px;line-height:1.7;max-width:720px}',
    '.hp-fs-buttons{display:flex;flex-wrap:wrap;gap:12px}',
    '.hp-fs-button{box-sizing:border-box;display:inline-flex;align-items:center;height:40px;padding:0 15px;border:1px solid;border-radius:10px;font-size:16px;text-decoration:none}',
    `@media (max-width:${MOBILE_BREAKPOINT - 0.02}px){.hp-fs header{padding:0 12px}}`,
    themeRules('light'),
    themeRules('dark'),
  ].join('');
}

/** The markup that goes inside #root: header frame, one hidden hero per language, the script. */
export function firstScreenHtml(texts: Record<Language, HeroTexts>): string {
  const brandMark =
    `<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="${BRAND.primary}"/>` +
    `<path d="M9 8v16M23 8v16M9 16h14" stroke="${BRAND.accent}" stroke-width="3.5" stroke-linecap="round"/></svg>`;
  const heroes = LANGUAGES.map((language) => {
    const t = texts[language];
    return (
      `<div class="hp-fs-hero" lang="${language}" data-first-screen-hero data-page="home" hidden>` +
      `<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.subtitle)}</p>` +
      `<div class="hp-fs-buttons"><a class="hp-fs-button hp-fs-primary" href="/#pools">${escapeHtml(t.start)}</a>` +
      `<a class="hp-fs-button" href="/download">${escapeHtml(t.download)}</a></div></div>` +
      // The pool dashboard's title: the script writes the coin's name into its span.
      `<div class="hp-fs-hero hp-fs-pool" lang="${language}" data-first-screen-hero data-page="pool" hidden><span class="hp-fs-avatar"></span>` +
      `<h1>${escapeHtml(t.poolTitle[0])}<span data-coin></span>${escapeHtml(t.poolTitle[1])}</h1></div>`
    );
  }).join('');
  return (
    `<div class="hp-fs"><header><a href="/" aria-label="${escapeHtml(BRAND_NAME)}">${brandMark}<span>${escapeHtml(BRAND_NAME)}</span></a></header>` +
    `<main>${heroes}</main></div><script>${FIRST_SCREEN_SCRIPT}</script>`
  );
}

/** Puts the first screen into index.html's empty #root, and its style into the head. */
export function withFirstScreen(html: string, texts: Record<Language, HeroTexts>): string {
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error('index.html has no empty <div id="root"></div> for the first screen');
  // Functions as replacements: a `$` in a text is then only a `$`.
  return html.replace('</head>', () => `<style>${firstScreenStyle()}</style></head>`).replace(root, () => `<div id="root">${firstScreenHtml(texts)}</div>`);
}

export function firstScreen(): Plugin {
  return {
    name: 'hashpool-first-screen',
    apply: 'build',
    transformIndexHtml: (html) => withFirstScreen(html, Object.fromEntries(LANGUAGES.map((language) => [language, heroTexts(language)])) as Record<Language, HeroTexts>),
  };
}
