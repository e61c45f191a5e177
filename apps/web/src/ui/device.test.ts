// A User-Agent reads as browser and system; what cannot be told says so, in the language.
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { LANGUAGES } from '@hashpool/shared';
import { deviceName, deviceParts } from './device';

const files = import.meta.glob<Record<string, unknown>>('../i18n/locales/*/common.json', { eager: true, import: 'default' });
const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', ns: ['common'], defaultNS: 'common', resources: Object.fromEntries(LANGUAGES.map((l) => [l, { common: files[`../i18n/locales/${l}/common.json`]! }])) });

const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

describe('device names', () => {
  it('reads the browser with its major version and the system', () => {
    expect(deviceParts(WINDOWS_CHROME)).toEqual({ browser: 'Chrome 120', os: 'Windows 10' });
    expect(deviceParts(IPHONE)).toEqual({ browser: 'Safari 17', os: 'iOS 17.1' });
    expect(deviceParts('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36')).toEqual({ browser: 'Chrome 120', os: 'Android 14' });
  });

  it('says it in the language, and an unknown agent is an unknown device', () => {
    expect(deviceName(WINDOWS_CHROME, i18n.getFixedT('en', 'common'))).toBe('Chrome 120 on Windows 10');
    expect(deviceName(WINDOWS_CHROME, i18n.getFixedT('zh-CN', 'common'))).toBe('Windows 10 上的 Chrome 120');
    expect(deviceName('curl/8.4.0', i18n.getFixedT('zh-CN', 'common'))).toBe('未知设备');
    expect(deviceName('node', i18n.getFixedT('en', 'common'))).toBe('Unknown device');
  });
});
