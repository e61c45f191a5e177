// The five interface languages. `lang` is the request header and the local-storage key.
export const LANGUAGES = ['en', 'zh-CN', 'ru-RU', 'ja', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_HEADER = 'lang';

/** Each language's own name, for the language menu. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'ru-RU': 'Русский',
  ja: '日本語',
  ko: '한국어',
};

/**
 * Maps what a client sends (any case, `ru-Ru` (docs/rules.md, The API), `zh`, `en-US`) to one of our
 * languages, or the default.
 */
export function resolveLanguage(input: string | null | undefined): Language {
  if (!input) return DEFAULT_LANGUAGE;
  const wanted = input.trim().toLowerCase();
  const exact = LANGUAGES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const base = wanted.split(/[-_]/)[0];
  return LANGUAGES.find((l) => l.toLowerCase().split('-')[0] === base) ?? DEFAULT_LANGUAGE;
}

/**
 * What an operator names per language (products, coupon campaigns, red packets, loan products):
 * `name` is the English one, `names` the others an operator gave. The user's language, else `name`.
 */
export function nameOf(item: { name: string; names: Partial<Record<string, string>> }, language: string): string {
  return item.names[language] ?? item.name;
}
