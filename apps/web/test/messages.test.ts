// Message-centre wording: which phrase each message type gets from its params (the renderer of
// the feature that owns the type, composed in app/features.ts), and the English sentences the real
// locale files make of them (so a renamed key or placeholder is caught here).
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { COMPOSED } from '../src/app/features';
import { describeMessage as describeWith, MISSING, type MessageParams, type MessageText } from '../src/shell/features/messages';

const english = import.meta.glob<Record<string, unknown>>('../src/i18n/locales/en/*.json', { eager: true, import: 'default' });
const resources = Object.fromEntries(Object.entries(english).map(([file, texts]) => [file.replace(/^.*\/(.+)\.json$/, '$1'), texts]));
const i18n = createInstance();
await i18n.init({ lng: 'en', ns: Object.keys(resources), defaultNS: 'common', resources: { en: resources }, interpolation: { escapeValue: false } });
const say = (text: MessageText) => ({ title: i18n.t(text.title.key, text.title.values), body: i18n.t(text.body.key, text.body.values) });
const { renderers } = await COMPOSED.loadMessages();
const describeMessage = (type: string, params: MessageParams) => describeWith(renderers, type, params);

describe('describeMessage', () => {
  it('words an offline alert with the named workers', () => {
    const text = describeMessage('miner_offline', { coin: 'btc', account: 'demofarm01', workers: ['s19k7', 's19k8'], count: 2, hashrate: 1e12, threshold: 0 });
    expect(say(text)).toEqual({
      title: 'Workers offline: 2',
      body: 'These workers of demofarm01 (BTC) have sent no share for 15 minutes: s19k7, s19k8.',
    });
  });

  it('says how many more when the server named only some of them', () => {
    const workers = Array.from({ length: 20 }, (_, i) => `w${i + 1}`);
    const text = describeMessage('miner_offline', { coin: 'ltc', account: 'farm', workers, count: 23 });
    expect(text.body.key).toBe('pool:messages.types.miner_offline.body_more');
    expect(text.body.values.more).toBe('3');
    expect(say(text).title).toBe('Workers offline: 23');
    expect(say(text).body).toMatch(/w19, w20 and 3 more\.$/);
  });

  it('falls back to the count when no worker is named', () => {
    const text = describeMessage('miner_offline', { coin: 'btc', account: 'farm', workers: [], count: 4 });
    expect(say(text).body).toBe('Workers of farm (BTC) without a share for 15 minutes: 4.');
  });

  it('formats the hashrate and threshold of an alarm with the shared units', () => {
    const text = describeMessage('hashrate_alarm', { coin: 'btc', account: 'demofarm01', workers: [], count: 0, hashrate: 812_340_000_000_000, threshold: 1e15 });
    expect(say(text)).toEqual({
      title: 'Hashrate below your threshold',
      body: 'The 15-minute hashrate of demofarm01 (BTC) is 812.34 TH/s, below your alarm threshold of 1.00 PH/s.',
    });
  });

  it('names the group of a group’s alarm and recovery', () => {
    const alarm = describeMessage('hashrate_alarm', { coin: 'btc', account: 'farm', group: 'Rack A', group_id: 7, hashrate: 9.6e6, threshold: 1e15 });
    expect(alarm.body.key).toBe('pool:messages.types.hashrate_alarm.body_group');
    expect(say(alarm)).toEqual({
      title: 'Rack A: hashrate below your threshold',
      body: 'The 15-minute hashrate of the group Rack A of farm (BTC) is 9.60 MH/s, below your alarm threshold of 1.00 PH/s.',
    });
    expect(say(describeMessage('hashrate_recovered', { coin: 'btc', account: 'farm', group: 'Rack A', hashrate: 4.77e15, threshold: 1e15 }))).toEqual({
      title: 'Rack A: hashrate recovered',
      body: 'The 15-minute hashrate of the group Rack A of farm (BTC) is back to 4.77 PH/s, above your threshold of 1.00 PH/s.',
    });
    // An empty group name is no group: the account's wording.
    expect(describeMessage('hashrate_alarm', { coin: 'btc', account: 'farm', group: '', hashrate: 1, threshold: 2 }).body.key).toBe('pool:messages.types.hashrate_alarm.body');
  });

  it('words a recovery and a worker coming back', () => {
    expect(say(describeMessage('hashrate_recovered', { coin: 'ltc', account: 'farm', hashrate: 9.5e9, threshold: 9e9 })).body).toBe(
      'The 15-minute hashrate of farm (LTC) is back to 9.50 GH/s, above your threshold of 9.00 GH/s.',
    );
    expect(say(describeMessage('miner_online', { coin: 'btc', account: 'farm', workers: [], count: 0 }))).toEqual({
      title: 'Workers back online',
      body: 'All workers of farm (BTC) that were offline are sending shares again.',
    });
  });

  it('words a setting update with or without the account', () => {
    expect(say(describeMessage('setting_update', { coin: 'btc', setting: 'alerts' })).body).toBe('The alert settings for BTC were changed.');
    expect(say(describeMessage('setting_update', { coin: 'btc', setting: 'alerts', account: 'farm' })).body).toBe('The alert settings of farm for BTC were changed.');
    expect(say(describeMessage('setting_update', { coin: 'btc', setting: 'payout' })).body).toBe('Your BTC settings were changed.');
    expect(say(describeMessage('setting_update', { coin: 'btc', setting: 'group_alert', account: 'farm', group: 'Rack A' })).body).toBe('The hashrate alarm of the group Rack A of farm (BTC) was changed.');
  });

  it('shows missing params as "--" rather than "undefined"', () => {
    const text = describeMessage('hashrate_alarm', {});
    expect(text.body.values).toMatchObject({ coin: MISSING, account: MISSING, hashrate: MISSING, threshold: MISSING });
    expect(say(text).body).not.toContain('undefined');
  });

  it('words each red packet event with the packet name, and an unknown event as a notice', () => {
    const say1 = (event: string) => say(describeMessage('red_packet', { event, packet: 'abc', name: 'Summer gift', coin: 'btc' }));
    expect(say1('received')).toEqual({ title: 'Hashrate red packet', body: 'You received the red packet "Summer gift": its hashrate earns for you from tomorrow (UTC).' });
    expect(say1('active').body).toBe('Your red packet "Summer gift" has taken effect: its hashrate earns profit for you.');
    expect(say1('ended').body).toBe('Your red packet "Summer gift" has ended.');
    expect(say1('none_left').body).toBe('Every share of your red packet "Summer gift" has been received.');
    expect(describeMessage('red_packet', { event: 'exploded', name: 'X' }).body.key).toBe('common:message_unknown.body');
    expect(describeMessage('red_packet', { event: 'ended' }).body.values.name).toBe(MISSING);
    // An operator's packet named per language: the reader's language, else the name as written.
    const named = { event: 'received', name: 'Summer gift', 'name_zh-CN': '夏日礼包', coin: 'btc' };
    expect(describeWith(renderers, 'red_packet', named, 'zh-CN').body.values.name).toBe('夏日礼包');
    expect(describeWith(renderers, 'red_packet', named, 'ja').body.values.name).toBe('Summer gift');
  });

  it("words a support answer, a contract order's states and the operators' reconciliation alert", () => {
    expect(say(describeMessage('ticket_answered', { ticket: 12, title: 'Payout late', status: 'answered' }))).toEqual({
      title: 'Support answered ticket #12',
      body: 'Support answered your ticket "Payout late". Open Support to read it.',
    });
    expect(say(describeMessage('ticket_answered', { ticket: 12, title: 'Payout late', status: 'waiting_user' })).body).toBe('Support needs more information about your ticket "Payout late". Open Support to reply.');
    expect(say(describeMessage('contract_order', { order: 3, product: 'S19 90 days', status: 'rejected', reason: 'wrong amount' }))).toEqual({
      title: 'Contract order',
      body: 'The payment of your order of S19 90 days was rejected: wrong amount',
    });
    expect(say(describeMessage('contract_order', { product: 'S19 90 days', status: 'effect' })).body).toBe('Your contract S19 90 days is paid and takes effect.');
    expect(describeMessage('contract_order', { product: 'X', status: 'exploded' }).body.key).toBe('common:message_unknown.body');
    expect(say(describeMessage('operations_alert', { alert: 'reconciliation_mismatch', unbalanced: 1, balance_mismatches: 2, custody: '0' }))).toEqual({
      title: 'Operations alert',
      body: 'The daily reconciliation found a mismatch: 1 unbalanced postings, 2 balances that differ from their entries, 0 coins whose custody differs from the ledger. Open Operations → Reconciliation.',
    });
  });

  it('words the stale-prices alert to operators', () => {
    expect(say(describeMessage('operations_alert', { alert: 'prices_stale', codes: 'doge, USD', minutes: '30' })).body).toBe(
      'Prices are stale: doge, USD have no price newer than 30 minutes. Contract profits, fiat figures and cost estimates wait. Check the price feed or set the prices under Prices.',
    );
  });

  it('words the refused price jump to operators', () => {
    expect(say(describeMessage('operations_alert', { alert: 'price_jump', prices: 'btc 68000.5 → 272002.5', bound: '3' })).body).toBe(
      'A price from the feed was refused: btc 68000.5 → 272002.5 is a move of more than 3× from the last price. The last price is kept (it goes stale in time). If the move is real, set the price under Prices; the feed is then compared with it.',
    );
  });

  it('keeps an unknown type readable', () => {
    expect(say(describeMessage('something_new', { coin: 'btc', account: 'farm' }))).toEqual({ title: 'Notice', body: 'A notice about farm (BTC).' });
  });
});
