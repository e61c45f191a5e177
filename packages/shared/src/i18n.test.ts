import { describe, it, expect } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_NAMES, nameOf, resolveLanguage } from './i18n';

describe('LANGUAGES', () => {
  it('has the five interface languages, English by default, each with a name', () => {
    expect([...LANGUAGES]).toEqual(['en', 'zh-CN', 'ru-RU', 'ja', 'ko']);
    expect(DEFAULT_LANGUAGE).toBe('en');
    for (const l of LANGUAGES) expect(LANGUAGE_NAMES[l]).toBeTruthy();
  });
});

describe('resolveLanguage', () => {
  it.each(['en', 'zh-CN', 'ru-RU', 'ja', 'ko'] as const)('keeps %s', (lang) => {
    expect(resolveLanguage(lang)).toBe(lang);
  });

  it.each([
    ['EN', 'en'],
    ['zh-cn', 'zh-CN'],
    ['ZH-CN', 'zh-CN'],
    ['ru-Ru', 'ru-RU'],
    ['RU-ru', 'ru-RU'],
    ['JA', 'ja'],
    ['Ko', 'ko'],
  ])('is case-insensitive: %s -> %s', (input, expected) => {
    expect(resolveLanguage(input)).toBe(expected);
  });

  it.each([
    ['zh', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['zh_HK', 'zh-CN'],
    ['en-US', 'en'],
    ['en_GB', 'en'],
    ['ru', 'ru-RU'],
    ['ja-JP', 'ja'],
    ['ko-KR', 'ko'],
  ])('falls back to the base language: %s -> %s', (input, expected) => {
    expect(resolveLanguage(input)).toBe(expected);
  });

  it('ignores surrounding spaces', () => {
    expect(resolveLanguage('  ja  ')).toBe('ja');
  });

  it.each(['', '   ', 'fr', 'de-DE', 'xx-YY', 'english', 'zhx', '-', '*', null, undefined])('gives English for %j', (input) => {
    expect(resolveLanguage(input)).toBe('en');
  });
});

describe('nameOf', () => {
  const item = { name: 'Spring 10', names: { 'zh-CN': '春季九折', ja: '春の10' } };
  it('reads the name in the language where an operator gave one, else the English name', () => {
    expect(nameOf(item, 'zh-CN')).toBe('春季九折');
    expect(nameOf(item, 'ja')).toBe('春の10');
    expect(nameOf(item, 'ko')).toBe('Spring 10');
    expect(nameOf(item, 'en')).toBe('Spring 10');
    expect(nameOf({ name: 'Gift', names: {} }, 'ru-RU')).toBe('Gift');
  });
});
