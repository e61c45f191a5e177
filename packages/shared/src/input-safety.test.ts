import { describe, expect, it } from 'vitest';
import { findUnsafeInput, isNameText, isStorableText, MAX_INPUT_DEPTH } from './input-safety';

describe('isStorableText', () => {
  it('refuses U+0000 and unpaired surrogates, keeps every other text', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udbff', '\udc00', 'a\udfffb', '\udc00\ud800']) expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ['', 'plain', 'line\nbreak\ttab', '💩', '\ud83d\udca9', '矿池', 'Ünïcode', '\u007f']) expect(isStorableText(good), JSON.stringify(good)).toBe(true);
  });
});

describe('isNameText', () => {
  it('also refuses control characters', () => {
    for (const bad of ['a\tb', 'a\nb', '\r', '\u007f', '\u0085', '\u0000', '\ud800']) expect(isNameText(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ['rig 1', 'Ферма', 'グループ', '💩']) expect(isNameText(good)).toBe(true);
  });
});

describe('findUnsafeInput', () => {
  it('names the first bad value or key with its path', () => {
    expect(findUnsafeInput({ a: 'ok', list: [1, 'x', { deep: 'b\u0000' }] }, 'body')).toEqual({ path: 'body.list.2.deep', problem: 'text' });
    expect(findUnsafeInput({ ['k\ud800']: 1 }, 'body')).toEqual({ path: 'body', problem: 'text' });
    expect(findUnsafeInput('\u0000', 'params')).toEqual({ path: 'params', problem: 'text' });
    expect(findUnsafeInput({ a: 'ok', b: [1, 2, null], c: true }, 'body')).toBeNull();
  });

  it('walks objects without a prototype (parsed query strings)', () => {
    const query = Object.create(Object.create(null)) as Record<string, string>;
    query.keys = '\u0000';
    expect(findUnsafeInput(query, 'query')).toEqual({ path: 'query.keys', problem: 'text' });
  });

  it('bounds the depth without recursion: 100,000 levels answer at once', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeInput(deep, 'body')).toEqual({ path: `body${'.0'.repeat(MAX_INPUT_DEPTH)}`, problem: 'depth' });
    let fine: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) fine = { a: fine };
    expect(findUnsafeInput(fine, 'body')).toBeNull();
  });

  it('leaves raw bodies to their routes', () => {
    expect(findUnsafeInput(new Uint8Array([0, 0xd8]), 'body')).toBeNull();
    expect(findUnsafeInput({ pipe: () => undefined, x: '\u0000' }, 'body')).toBeNull();
  });
});
