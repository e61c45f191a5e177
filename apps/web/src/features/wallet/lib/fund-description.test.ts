// A ledger record reads as a sentence in the user's language, never as its internal reference.
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { LANGUAGES } from '@hashpool/shared';
import { formatDay, fundDescription } from './fund-description';

const files = import.meta.glob<Record<string, unknown>>('../../../i18n/locales/*/wallet.json', { eager: true, import: 'default' });
const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', ns: ['wallet'], defaultNS: 'wallet', resources: Object.fromEntries(LANGUAGES.map((l) => [l, { wallet: files[`../../../i18n/locales/${l}/wallet.json`]! }])) });

const settlement = { business_type: 'mining_profit', coin: 'btc', memo: { method: 'fpps', day: '2026-11-27' } };

describe('fundDescription', () => {
  it('describes a mining payout by type, coin, day and method', () => {
    expect(fundDescription(settlement, i18n.getFixedT('en', 'wallet'), 'en')).toBe('Mining profit, BTC, Nov 27, 2026, FPPS');
    expect(fundDescription(settlement, i18n.getFixedT('zh-CN', 'wallet'), 'zh-CN')).toBe('挖矿收益，BTC，2026年11月27日，FPPS');
  });

  it('names PPS+, the block, the invitees and an adjustment reason', () => {
    const en = i18n.getFixedT('en', 'wallet');
    expect(fundDescription({ business_type: 'mining_profit', coin: 'ltc', memo: { method: 'pps_plus', day: '2026-01-02', height: '812345' } }, en, 'en')).toBe('Mining profit, LTC, Jan 2, 2026, PPS+, block 812345');
    expect(fundDescription({ business_type: 'invitation_reward', coin: 'btc', memo: { day: '2026-01-02', invitees: '3' } }, en, 'en')).toBe('Invitation reward, BTC, Jan 2, 2026, invitees: 3');
    expect(fundDescription({ business_type: 'system_adjustment', coin: 'btc', memo: { reason: 'goodwill' } }, en, 'en')).toBe('System adjustment, BTC, goodwill');
    expect(fundDescription({ business_type: 'deposit', coin: 'btc', memo: null }, en, 'en')).toBe('Deposit, BTC');
  });

  it.each(LANGUAGES)('in %s shows no raw code', (language) => {
    const text = fundDescription(settlement, i18n.getFixedT(language, 'wallet'), language);
    expect(text).not.toMatch(/mining_profit|settlement:|fpps|2026-11-27|business_type/);
  });

  it('formats a UTC day in the language', () => {
    expect(formatDay('2026-11-27', 'ja')).toBe('2026年11月27日');
    expect(formatDay('not a day', 'en')).toBe('not a day');
  });
});
