// Where each language's texts come from. Every file is its own lazy chunk, so a visitor downloads
// only their language and only the namespaces the current page uses (the long legal texts stay out
// of the first screen).
import type { Language } from '@hashpool/shared';
import { SHARED_NAMESPACES } from './namespaces';

type Texts = Record<string, unknown>;
type Loader = () => Promise<{ default: Texts }>;

const webFiles = import.meta.glob<{ default: Texts }>('./locales/*/*.json');

const sharedFiles: Record<Language, Record<(typeof SHARED_NAMESPACES)[number], Loader>> = {
  en: {
    errors: () => import('@hashpool/shared/locales/en/errors.json'),
    validation: () => import('@hashpool/shared/locales/en/validation.json'),
  },
  'zh-CN': {
    errors: () => import('@hashpool/shared/locales/zh-CN/errors.json'),
    validation: () => import('@hashpool/shared/locales/zh-CN/validation.json'),
  },
  'ru-RU': {
    errors: () => import('@hashpool/shared/locales/ru-RU/errors.json'),
    validation: () => import('@hashpool/shared/locales/ru-RU/validation.json'),
  },
  ja: {
    errors: () => import('@hashpool/shared/locales/ja/errors.json'),
    validation: () => import('@hashpool/shared/locales/ja/validation.json'),
  },
  ko: {
    errors: () => import('@hashpool/shared/locales/ko/errors.json'),
    validation: () => import('@hashpool/shared/locales/ko/validation.json'),
  },
};

function loaderFor(language: Language, namespace: string): Loader | undefined {
  if ((SHARED_NAMESPACES as readonly string[]).includes(namespace)) {
    return sharedFiles[language][namespace as (typeof SHARED_NAMESPACES)[number]];
  }
  // A web namespace is any file of locales/ (the shell's and the features' own; the locales test
  // checks that the files are exactly those namespaces in every language).
  return /^[\w-]+$/.test(namespace) ? webFiles[`./locales/${language}/${namespace}.json`] : undefined;
}

export async function loadTexts(language: Language, namespace: string): Promise<Texts> {
  const load = loaderFor(language, namespace);
  if (!load) throw new Error(`No texts for ${language}/${namespace}`);
  return (await load()).default;
}
