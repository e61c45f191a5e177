// Every language has the same messages as English: same files, same keys, no empty text, the same
// {{placeholders}}, and an actual translation (a value equal to the English one was not translated).
import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { ERRORS } from './errors';
import { LANGUAGES } from './i18n';
import { V } from './validation';

const LOCALES = new URL('../locales/', import.meta.url);

type Messages = Record<string, unknown>;

function load(lang: string, file: string): Messages {
  const data: unknown = JSON.parse(readFileSync(new URL(`${lang}/${file}`, LOCALES), 'utf8'));
  expect(data, `${lang}/${file} must be a JSON object`).toBeTypeOf('object');
  expect(Array.isArray(data), `${lang}/${file} must not be an array`).toBe(false);
  return data as Messages;
}

const jsonFiles = (lang: string) => readdirSync(new URL(`${lang}/`, LOCALES)).filter((f) => f.endsWith('.json')).sort();

/** The distinct placeholder names of a message ("{{fields}}" -> ["fields"]). */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!))].sort();
}

const NAMESPACES = jsonFiles('en');

describe('English messages', () => {
  it('has the errors and validation namespaces', () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(['errors.json', 'validation.json']));
  });

  it('has a message for every error of the catalogue, and for success', () => {
    const en = load('en', 'errors.json');
    for (const key of [...Object.keys(ERRORS), 'success']) expect(Object.keys(en), key).toContain(key);
  });

  it('has a message for every validation key', () => {
    const en = load('en', 'validation.json');
    for (const key of Object.values(V)) expect(Object.keys(en), key).toContain(key);
  });
});

describe.each(LANGUAGES)('locale %s', (lang) => {
  it('has the same files as English', () => {
    expect(jsonFiles(lang)).toEqual(NAMESPACES);
  });

  describe.each(NAMESPACES)('%s', (file) => {
    const en = load('en', file);
    const messages = load(lang, file);

    it('has every English key and no other', () => {
      const missing = Object.keys(en).filter((k) => !(k in messages));
      const extra = Object.keys(messages).filter((k) => !(k in en));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('has a non-empty string for every key', () => {
      for (const [key, value] of Object.entries(messages)) {
        expect(value, `${lang}/${file} ${key}`).toBeTypeOf('string');
        expect((value as string).trim(), `${lang}/${file} ${key}`).not.toBe('');
      }
    });

    it('keeps the placeholders of English, and no stray braces', () => {
      for (const [key, value] of Object.entries(messages)) {
        if (typeof value !== 'string' || typeof en[key] !== 'string') continue;
        expect(placeholders(value), `${lang}/${file} ${key}`).toEqual(placeholders(en[key] as string));
        expect(value.replace(/\{\{\s*[\w.]+\s*\}\}/g, ''), `${lang}/${file} ${key}`).not.toMatch(/[{}]/);
      }
    });

    if (lang !== 'en') {
      it('translates every message (no value equal to English)', () => {
        const untranslated = Object.keys(messages).filter((k) => messages[k] === en[k]);
        expect(untranslated).toEqual([]);
      });
    }
  });
});
