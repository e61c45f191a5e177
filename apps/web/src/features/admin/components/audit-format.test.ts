// The audit log names every action and detail field in every language, and never shows a user's
// id where it knows the user.
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { AUDIT_ACTIONS, AUDIT_FIELDS, auditKey, LANGUAGES } from '@hashpool/shared';
import { auditEntryView } from './audit-format';

const files = import.meta.glob<{ audit: { action: Record<string, string>; field: Record<string, string> } }>('../../../i18n/locales/*/admin.json', { eager: true, import: 'default' });
const admin = (language: string) => files[`../../../i18n/locales/${language}/admin.json`]!;

describe('audit log vocabulary', () => {
  it.each(LANGUAGES)('names every action code and detail field in %s', (language) => {
    const { action, field } = admin(language).audit;
    for (const code of AUDIT_ACTIONS) expect(action[auditKey(code)], code).toMatch(/\S/);
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
    const v = auditEntryView({ action: 'ticket_assign', target: 'ticket:42', detail: { from: '', to: assignee } }, people, t);
    expect(v.action).toBe('工单已分配');
    expect(v.target).toEqual({ text: 'ticket:42', raw: true });
    expect(v.fields).toEqual([
      { key: 'from', label: '之前', value: '无人' },
      { key: 'to', label: '之后', value: 'agent@example.com' },
    ]);
    const text = JSON.stringify(v);
    expect(text).not.toContain(assignee);
    expect(text).not.toContain('ticket_assign');
  });

  it('shows a user target by name, and a dotted code by its name', () => {
    expect(auditEntryView({ action: 'user_totp_reset', target: `user:${user}`, detail: { reason: '本人申请' } }, people, t)).toEqual({
      action: '身份验证器已重置',
      target: { text: '用户 miner@example.com', raw: false },
      fields: [{ key: 'reason', label: '原因', value: '本人申请' }],
    });
    expect(auditEntryView({ action: 'loan.approve', target: 'x', detail: null }, people, t).action).toBe('借贷已批准');
    expect(auditEntryView({ action: 'contract_bank_details', target: 'x', detail: { note: '', account_number: '6222' } }, people, t).fields).toEqual([{ key: 'account_number', label: '账号', value: '6222' }]);
  });
});
