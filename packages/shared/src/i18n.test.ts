import { describe, it, expect } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_NAMES, resolveLanguage } from './i18n';

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
