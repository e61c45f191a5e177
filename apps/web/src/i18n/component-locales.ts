// Ant Design's and dayjs's own locales, one lazy chunk per language. Ant Design's built-in texts
// (pagination, empty states, dialogs) and dayjs's month and weekday names follow the interface.
// dayjs itself is loaded only with a non-English locale: no first-screen component needs it, and
// Ant Design's date pickers (which do) arrive with pages that load it anyway.
import { useSyncExternalStore } from 'react';
import type { Locale } from 'antd/es/locale';
// Ant Design's ConfigProvider imports this one itself (its default texts): it costs nothing more.
import enUS from 'antd/es/locale/en_US';
import type { Language } from '@hashpool/shared';
import { changeSignal } from '../ui/change-signal';

interface ComponentLocale {
  antd: Locale;
  dayjs: string;
}

async function withDayjs(antdLocale: Promise<{ default: Locale }>, dayjsLocale: Promise<unknown>, name: string): Promise<ComponentLocale> {
  const [antd] = await Promise.all([antdLocale, dayjsLocale]);
  return { antd: antd.default, dayjs: name };
}

const loaders: Record<Language, () => Promise<ComponentLocale>> = {
  // dayjs's default is en: nothing to load. Ant Design gets its en_US object rather than no
  // locale: ConfigProvider adds a provider element only when a locale is given, so switching
  // between "none" and one would change the tree and remount the whole app (typed form values
  // and open toasts lost).
  en: async () => ({ antd: enUS, dayjs: 'en' }),
  'zh-CN': () => withDayjs(import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn'), 'zh-cn'),
  'ru-RU': () => withDayjs(import('antd/es/locale/ru_RU'), import('dayjs/locale/ru'), 'ru'),
  ja: () => withDayjs(import('antd/es/locale/ja_JP'), import('dayjs/locale/ja'), 'ja'),
  ko: () => withDayjs(import('antd/es/locale/ko_KR'), import('dayjs/locale/ko'), 'ko'),
};

let antdLocale: Locale = enUS;
let dayjsLoaded = false;
const localeChanges = changeSignal();

/** Loads a language's component locales; the returned function makes them current. */
export async function prepareComponentLocales(language: Language): Promise<() => void> {
  const locale = await loaders[language]();
  // Back to English needs dayjs only if another locale was set on it before.
  const dayjs = language !== 'en' || dayjsLoaded ? (await import('dayjs')).default : null;
  return () => {
    if (dayjs) {
      dayjs.locale(locale.dayjs);
      dayjsLoaded = true;
    }
    antdLocale = locale.antd;
    localeChanges.notify();
  };
}

/** Ant Design's locale for ConfigProvider: always one, so the element tree never changes. */
export function useAntdLocale(): Locale {
  return useSyncExternalStore(localeChanges.subscribe, () => antdLocale);
}
