// The audit log names every action and detail field in every language, and never shows a user's
// id where it knows the user.
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { AUDIT_ACTIONS, AUDIT_FIELDS, AUDIT_FIXED_TARGETS, AUDIT_TARGET_KINDS, auditKey, LANGUAGES } from '@hashpool/shared';
import { auditEntryView } from './audit-format';

const files = import.meta.glob<{ audit: { action: Record<string, string>; field: Record<string, string>; target: Record<string, string> } }>('../../../i18n/locales/*/admin.json', { eager: true, import: 'default' });
const admin = (language: string) => files[`../../../i18n/locales/${language}/admin.json`]!;

describe('audit log vocabulary', () => {
  it.each(LANGUAGES)('names every action code and detail field in %s', (language) => {
    const { action, field, target } = admin(language).audit;
    for (const code of AUDIT_ACTIONS) expect(action[auditKey(code)], code).toMatch(/\S/);
    // A user target has its own text (user_target); every other kind names its id.
    for (const kind of AUDIT_TARGET_KINDS.filter((k) => k !== 'user')) expect(target[kind], kind).toContain('{{id}}');
    for (const fixed of AUDIT_FIXED_TARGETS) expect(target[fixed.replace(/:/g, '_')], fixed).toMatch(/\S/);
    for (const key of AUDIT_FIELDS) expect(field[auditKey(key)], key).toMatch(/\S/);
    expect(Object.keys(action).sort()).toEqual(AUDIT_ACTIONS.map(auditKey).sort());
  });
});

describe('auditEntryView', async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'zh-CN', ns: ['admin'], defaultNS: 'admin', resources: Object.fromEntries(LANGUAGES.map((l) => [l, { admin: admin(l) }])) });
  const t = i18n.getFixedT('zh-CN', 'admin');
  const assignee = '6f1c2b1e-0d1a-4c55-9a9e-2d3f4a5b6c7d';
  const user = '0b7e3e52-9a51-4f44-8c1c-1f2e3d4c5b6a';
  const people = { [assignee]: 'agent@example.com', [user]: 'miner@example.com' };

  it('translates the action and the field labels, and names users', () => {
    const v = auditEntryView({ action: 'ticket_assign', target: 'ticket:42', detail: { from: '', to: assignee } }, people, t, 'UTC');
    expect(v.action).toBe('工单已分配');
    expect(v.target).toEqual({ text: '工单 42', raw: false });
    expect(v.fields).toEqual([
      { key: 'from', label: '之前', value: '无人' },
      { key: 'to', label: '之后', value: 'agent@example.com' },
    ]);
    const text = JSON.stringify(v);
    expect(text).not.toContain(assignee);
    expect(text).not.toContain('ticket_assign');
  });

  it('shows a user target by name, and a dotted code by its name', () => {
    expect(auditEntryView({ action: 'user_totp_reset', target: `user:${user}`, detail: { reason: '本人申请' } }, people, t, 'UTC')).toEqual({
      action: '身份验证器已重置',
      target: { text: '用户 miner@example.com', raw: false },
      fields: [{ key: 'reason', label: '原因', value: '本人申请' }],
    });
    expect(auditEntryView({ action: 'loan.approve', target: 'x', detail: null }, people, t, 'UTC').action).toBe('借贷已批准');
    // A user the page does not know, and a bare id, stay the references they are.
    expect(auditEntryView({ action: 'user_totp_reset', target: `user:${assignee.replace('6', '7')}`, detail: null }, people, t, 'UTC').target.raw).toBe(true);
    expect(auditEntryView({ action: 'loan.approve', target: 'x', detail: null }, people, t, 'UTC').target).toEqual({ text: 'x', raw: true });
    expect(auditEntryView({ action: 'contract_bank_details', target: 'x', detail: { note: '', account_number: '6222' } }, people, t, 'UTC').fields).toEqual([{ key: 'account_number', label: '账号', value: '6222' }]);
  });

  it('names the other targets in words, coin codes upper-cased', () => {
    const target = (ref: string) => auditEntryView({ action: 'coin_settings_update', target: ref, detail: null }, people, t, 'UTC').target;
    expect(target('contracts:bank_details')).toEqual({ text: '设置：合约收款银行信息', raw: false });
    expect(target('coin:btc')).toEqual({ text: '币种 BTC', raw: false });
    expect(target('price:coin:ltc')).toEqual({ text: 'LTC 价格', raw: false });
    expect(target('fee_rate:btc:fpps')).toEqual({ text: '费率 BTC FPPS', raw: false });
    expect(target('market_data:btc:2026-11-27')).toEqual({ text: '市场数据 BTC 2026-11-27', raw: false });
    expect(target('block:ltc:2876543')).toEqual({ text: '区块 LTC 2876543', raw: false });
    expect(target('account:demofarm01')).toEqual({ text: '子账户 demofarm01', raw: false });
    expect(target('ledger')).toEqual({ text: '账本', raw: false });
    // A schedule's start reads as a time in the operator's timezone, not as an ISO string.
    expect(auditEntryView({ action: 'stake_schedule_update', target: 'aleo_stake:2026-12-01T00:00:00.000Z', detail: null }, people, t, 'UTC+08:00').target).toEqual({ text: 'ALEO 质押计划（自 2026-12-01 08:00 起）', raw: false });
    expect(target('something:else')).toEqual({ text: 'something:else', raw: true });
  });
});
