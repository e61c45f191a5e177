// Language-aware messages on the server: the same JSON files the web uses for its `errors` and
// `validation` namespaces (packages/shared/locales), so a message reads the same in both places;
// `mail` holds the texts of the emails and text messages we send; `export` the column titles of
// the files users download.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LANGUAGES, DEFAULT_LANGUAGE, type Language } from '@hashpool/shared';

export type Namespace = 'errors' | 'validation' | 'mail' | 'export';
type Catalogue = Record<Namespace, Record<string, string>>;

const localesDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@hashpool/shared/package.json')), 'locales');

function load(lang: Language, ns: Namespace): Record<string, string> {
  try {
    return JSON.parse(readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8')) as Record<string, string>;
  } catch (error) {
    // A missing language file falls back to English; the locale test makes this visible in CI.
    if (lang === DEFAULT_LANGUAGE) throw error;
    return {};
  }
}

const catalogues = new Map<Language, Catalogue>(
  LANGUAGES.map((lang) => [lang, { errors: load(lang, 'errors'), validation: load(lang, 'validation'), mail: load(lang, 'mail'), export: load(lang, 'export') }]),
);

/** The message for `key` in `lang`, falling back to English, then to the key itself. */
export function translate(lang: Language, ns: Namespace, key: string, params: Record<string, string> = {}): string {
  const text = catalogues.get(lang)?.[ns][key] ?? catalogues.get(DEFAULT_LANGUAGE)?.[ns][key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}

export function hasMessage(ns: Namespace, key: string): boolean {
  return key in (catalogues.get(DEFAULT_LANGUAGE)?.[ns] ?? {});
}
