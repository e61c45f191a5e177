// The build step that writes the home page's first screen into index.html (apps/web/first-screen.ts):
// it is in the build, it has every language's real hero texts, HTML-escaped, and its inline script
// picks the language the app starts in (resolveLanguage's rule).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_SCRIPT, LANGUAGES, resolveLanguage, type Language } from '@hashpool/shared';
import { STORAGE_KEYS } from '../src/shell/storage-keys';
import { escapeHtml, firstScreen, heroTexts, withFirstScreen, type HeroTexts } from '../first-screen';

const INDEX_HTML = readFileSync(path.resolve(import.meta.dirname, '../index.html'), 'utf8');

/** index.html as the build writes it: through the plugin's own hook. */
function built(): string {
  const hook = firstScreen().transformIndexHtml as (html: string) => string;
  return hook(INDEX_HTML);
}

describe('first screen in index.html', () => {
  it('is one of the build plugins', async () => {
    const config = (await import('../vite.config')).default as { plugins: unknown[] };
    expect((config.plugins.flat() as (Plugin | null)[]).map((plugin) => plugin?.name)).toContain('hashpool-first-screen');
  });

  it("puts the header and each language's hero, with the locale texts escaped, inside #root", () => {
    const html = built();
    expect(html).toMatch(/<div id="root"><div class="hp-fs"><header>/);
    for (const language of LANGUAGES) {
      const texts = heroTexts(language);
      expect(texts.title).not.toContain('{{');
      const hero = new RegExp(`<div class="hp-fs-hero" lang="${language}" data-first-screen-hero data-page="home" hidden><h1>([^<]*)</h1><p>([^<]*)</p>`).exec(html);
      expect(hero, language).not.toBeNull();
      expect(hero![1]).toBe(escapeHtml(texts.title));
      expect(hero![2]).toBe(escapeHtml(texts.subtitle));
      expect(html).toContain(`>${escapeHtml(texts.start)}</a>`);
      expect(html).toContain(`>${escapeHtml(texts.download)}</a>`);
      // The pool dashboard's title, as PoolFrame writes it with its page name, the coin's name left to the script.
      expect(texts.poolTitle.join('')).not.toContain('{{');
      expect(html).toContain(`data-page="pool" hidden><span class="hp-fs-avatar"></span><h1>${escapeHtml(texts.poolTitle[0])}<span data-coin></span>${escapeHtml(texts.poolTitle[1])}</h1>`);
    }
    expect(heroTexts('en').poolTitle).toEqual(['', ' pool · Dashboard']);
    expect(heroTexts('ru-RU').poolTitle).toEqual(['Пул ', ' · Панель']);
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it('escapes markup in the texts', () => {
    const hostile: HeroTexts = { title: '<img src=x onerror=alert(1)>', subtitle: '</p><script>alert(2)</script>', start: 'a "quoted" & \'single\'', download: '$& $1', poolTitle: ['<b>', '</h1><script>'] };
    const html = withFirstScreen(INDEX_HTML, Object.fromEntries(LANGUAGES.map((l) => [l, hostile])) as Record<Language, HeroTexts>);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;/p&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(html).toContain('a &quot;quoted&quot; &amp; &#39;single&#39;');
    expect(html).toContain('>$&amp; $1</a>');
    expect(html).toContain('<h1>&lt;b&gt;<span data-coin></span>&lt;/h1&gt;&lt;script&gt;</h1>');
  });

  // The server allows FIRST_SCREEN_SCRIPT by its hash (apps/server/src/platform/security.test.ts).
  it('has one inline script, FIRST_SCREEN_SCRIPT as it is', () => {
    const scripts = [...built().matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toEqual([FIRST_SCREEN_SCRIPT]);
  });
});

describe('first screen script', () => {
  /** Runs the script against a stand-in page; returns <html>'s marks and the heroes left, visible or not. */
  function run(stored: Partial<Record<string, string>>, pathname = '/') {
    const root = { lang: '', dataset: {} as Record<string, string> };
    const part = (lang: Language, page: 'home' | 'pool') => {
      const coin = { textContent: '' };
      return { lang, dataset: { page }, hidden: true, removed: false, coin, querySelector: () => coin, remove() { this.removed = true; } };
    };
    const heroes = LANGUAGES.flatMap((lang) => [part(lang, 'home'), part(lang, 'pool')]);
    const document = { documentElement: root, currentScript: { parentNode: { querySelectorAll: () => heroes } } };
    const localStorage = { getItem: (key: string) => stored[key] ?? null };
    new Function('document', 'localStorage', 'location', FIRST_SCREEN_SCRIPT)(document, localStorage, { pathname });
    const kept = heroes.filter((h) => !h.removed);
    return {
      lang: root.lang,
      theme: root.dataset.theme,
      shown: kept.filter((h) => !h.hidden).map((h) => h.lang),
      pages: kept.filter((h) => !h.hidden).map((h) => h.dataset.page),
      coin: kept.map((h) => h.coin.textContent).join(''),
      left: kept.length,
    };
  }

  it.each([null, '', 'en', 'EN', 'zh-CN', 'zh', 'zh-TW', 'ru', 'RU-ru', 'ja-JP', 'ko_KR', 'Ko', 'de', '  ja  ', 'x'])('starts in resolveLanguage(%j)', (stored) => {
    const result = run(stored === null ? {} : { [STORAGE_KEYS.language]: stored });
    expect(result.lang).toBe(resolveLanguage(stored));
    expect(result.shown).toEqual([resolveLanguage(stored)]);
    expect(result.left).toBe(1);
  });

  it('marks the stored theme, light unless dark', () => {
    expect(run({ [STORAGE_KEYS.theme]: 'dark' }).theme).toBe('dark');
    expect(run({ [STORAGE_KEYS.theme]: 'light' }).theme).toBe('light');
    expect(run({}).theme).toBe('light');
  });

  it('shows no hero on other paths', () => {
    expect(run({}, '/login')).toMatchObject({ lang: 'en', shown: [], left: 0 });
    expect(run({ [STORAGE_KEYS.token]: 't' }, '/pool/btc/workers')).toMatchObject({ shown: [], left: 0 });
  });

  it("shows the pool dashboard's title with the coin's name to a logged-in visitor", () => {
    expect(run({ [STORAGE_KEYS.token]: 't', [STORAGE_KEYS.language]: 'ja' }, '/pool/ltc/home')).toMatchObject({ lang: 'ja', shown: ['ja'], pages: ['pool'], coin: 'Litecoin', left: 1 });
    // Logged out the app goes to the login page; a coin without pool pages, or none, shows no title.
    expect(run({}, '/pool/btc/home')).toMatchObject({ shown: [], left: 0 });
    for (const path of ['/pool/aleo/home', '/pool/nope/home', '/pool/constructor/home', '/pool/btc/home/x']) expect(run({ [STORAGE_KEYS.token]: 't' }, path), path).toMatchObject({ shown: [], left: 0 });
  });

  it('survives a browser whose localStorage throws', () => {
    const root = { lang: '', dataset: {} as Record<string, string> };
    const document = { documentElement: root, currentScript: { parentNode: { querySelectorAll: () => [] } } };
    const localStorage = { getItem: () => { throw new Error('denied'); } };
    new Function('document', 'localStorage', 'location', FIRST_SCREEN_SCRIPT)(document, localStorage, { pathname: '/' });
    expect(root).toMatchObject({ lang: 'en', dataset: { theme: 'light' } });
  });
});
