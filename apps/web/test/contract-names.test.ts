// A contract product reads in the user's language where the operator named it so, else in English;
// its terms the same way, falling back to any language it has.
import { describe, expect, it } from 'vitest';
import { nameOf } from '@hashpool/shared';
import { termsOf } from '../src/features/contracts/components/terms';

describe('nameOf and termsOf', () => {
  const p = { name: 'S21 for 30 days', names: { 'zh-CN': 'S21 30 天' }, terms: { ja: '規約' } };
  it('picks the language, else English', () => {
    expect(nameOf(p, 'zh-CN')).toBe('S21 30 天');
    expect(nameOf(p, 'ko')).toBe('S21 for 30 days');
    expect(termsOf(p, 'ko')).toBe('規約');
  });
});
