// Every web namespace (the shell's and each feature's, as app/features.ts composes them) must exist
// in all five languages with the same keys, no empty values, the same interpolation placeholders,
// and real translations (a value equal to English is a missed translation unless the key is
// listed below).
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@hashpool/shared';
import { webNamespaces } from '../src/app/features';

const WEB_NAMESPACES = webNamespaces();

const files = import.meta.glob<Record<string, unknown>>('../src/i18n/locales/*/*.json', { eager: true, import: 'default' });

/** Keys whose value may legitimately be the same as English: product names and the like. */
const SAME_AS_ENGLISH = new Set([
  // The product's name, written in Latin letters in these languages.
  'wechat:row.title',
  'wechat:callback.title',
  'download:platforms.android.name',
  'download:platforms.ios.name',
  'download:platforms.windows.name',
  'download:platforms.macos.name',
  // "OK" is the usual button label in Japanese interfaces too.
  'common:error.ok',
  // An example address: example.com is the reserved example domain in every language.
  'auth:contact.email_placeholder',
  // A protocol's name (the encrypted stratum+ssl connection), written so in every language.
  'pool:connect.tls',
  // A file format's name.
  'earnings:export.csv',
  // A price service's name (CoinGecko).
  'earnings:prices.source.coingecko',
  // "IP" is the column title in every language.
  'mining:workers.ip',
  'mining:ip.ip',
  // The international bank code's name.
  'admin:audit.field.swift',
  // The name of bitcoind's local test network, the same in every language.
  'admin:coins.network.regtest',
  // The list separator: a comma and a space in these languages too.
  'wallet:fund.facts.separator',
]);

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      for (const [path, leaf] of flatten(inner, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

function texts(language: string, namespace: string): Map<string, unknown> {
  const file = files[`../src/i18n/locales/${language}/${namespace}.json`];
  if (!file) throw new Error(`missing file ${language}/${namespace}.json`);
  return flatten(file);
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((m) => m[1]).sort();

describe('web locales', () => {
  it('has a file for every language and namespace, and no others', () => {
    const expected = LANGUAGES.flatMap((l) => WEB_NAMESPACES.map((ns) => `../src/i18n/locales/${l}/${ns}.json`)).sort();
    expect(Object.keys(files).sort()).toEqual(expected);
  });

  for (const namespace of WEB_NAMESPACES) {
    const english = texts(DEFAULT_LANGUAGE, namespace);

    it(`${namespace}: English values are non-empty strings`, () => {
      for (const [key, value] of english) expect(typeof value === 'string' && value.trim() !== '', `en ${namespace}:${key}`).toBe(true);
    });

    for (const language of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)) {
      describe(`${language}/${namespace}`, () => {
        const translated = texts(language, namespace);

        it('has exactly the English keys', () => {
          expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
        });

        it('has no empty values', () => {
          for (const [key, value] of translated) expect(typeof value === 'string' && value.trim() !== '', `${key}`).toBe(true);
        });

        it('keeps the interpolation placeholders', () => {
          for (const [key, value] of english) {
            expect(placeholders(String(translated.get(key) ?? '')), key).toEqual(placeholders(String(value)));
          }
        });

        it('is translated', () => {
          const untranslated = [...english]
            .filter(([key, value]) => translated.get(key) === value && !SAME_AS_ENGLISH.has(`${namespace}:${key}`))
            .map(([key]) => key);
          expect(untranslated).toEqual([]);
        });
      });
    }
  }
});
