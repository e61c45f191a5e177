// i18next set-up. The language lives in localStorage `language` (docs/rules.md, Entities), goes out as
// the `lang` header, sets <html lang>, and switches Ant Design's and dayjs's locales with it.
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, resolveLanguage, type Language } from '@hashpool/shared';
import { readStorage, STORAGE_KEYS, writeStorage } from '../shell/storage-keys';
import { DEFAULT_NAMESPACE } from './namespaces';
import { loadTexts } from './resources';
import { prepareComponentLocales } from './component-locales';

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadTexts(resolveLanguage(language), namespace).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function storedLanguage(): Language {
  return resolveLanguage(readStorage(STORAGE_KEYS.language));
}

/** The language requests are made in; i18next's until it has started, then the stored one. */
export function currentLanguage(): Language {
  return i18next.isInitialized ? resolveLanguage(i18next.language) : storedLanguage();
}

/** Starts i18next in the stored language with the shell's texts and component locales loaded. */
export async function initI18n(): Promise<void> {
  const language = storedLanguage();
  const [, applyComponentLocales] = await Promise.all([
    i18next
      .use(lazyBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: ['en', 'zh-CN', 'ru-RU', 'ja', 'ko'],
        // The five codes are used as they are: no fallback from "zh-CN" to "zh".
        load: 'currentOnly',
        ns: [DEFAULT_NAMESPACE],
        defaultNS: DEFAULT_NAMESPACE,
        interpolation: { escapeValue: false }, // React escapes.
        returnNull: false,
      }),
    prepareComponentLocales(language),
  ]);
  applyComponentLocales();
  document.documentElement.lang = language;
}

/**
 * Switches everything at once: texts of the namespaces already in use, then Ant Design's and
 * dayjs's locales, and only then the visible language, so no screen mixes two languages.
 */
export async function changeLanguage(language: Language): Promise<void> {
  const [, applyComponentLocales] = await Promise.all([i18next.loadLanguages(language), prepareComponentLocales(language)]);
  applyComponentLocales();
  await i18next.changeLanguage(language);
  writeStorage(STORAGE_KEYS.language, language);
  document.documentElement.lang = language;
}
