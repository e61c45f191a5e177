import { describe, it, expect } from 'vitest';
import { canonicalSignString } from './signature';

describe('canonicalSignString', () => {
  it('is empty for no parameters', () => {
    expect(canonicalSignString({})).toBe('');
  });

  it('sorts keys and joins name=value with &', () => {
    expect(canonicalSignString({ b: '2', c: '3', a: '1' })).toBe('a=1&b=2&c=3');
  });

  it('sorts by code unit, so a prefix comes first and capitals before lower case', () => {
    expect(canonicalSignString({ page_size: 10, page: 1 })).toBe('page=1&page_size=10');
    expect(canonicalSignString({ a: 1, B: 2, _c: 3 })).toBe('B=2&_c=3&a=1');
  });

  it('does not depend on insertion order', () => {
    expect(canonicalSignString({ x: 1, y: 2, timestamp: 3 })).toBe(canonicalSignString({ timestamp: 3, y: 2, x: 1 }));
  });

  it('leaves out captcha_output only', () => {
    expect(canonicalSignString({ captcha_output: 'token', email: 'a@b.co' })).toBe('email=a%40b.co');
    expect(canonicalSignString({ captcha_output: 'token' })).toBe('');
    expect(canonicalSignString({ captcha: 'x', captcha_output_extra: 'y' })).toBe('captcha=x&captcha_output_extra=y');
  });

  it('drops undefined and null but keeps empty strings, zero and false', () => {
    expect(canonicalSignString({ a: undefined, b: null, c: '' })).toBe('c=');
    expect(canonicalSignString({ zero: 0, no: false })).toBe('no=false&zero=0');
  });

  it('writes numbers, booleans and bigints plainly', () => {
    expect(canonicalSignString({ n: 1.5, t: true, neg: -3, big: 12345678901234567890n })).toBe(
      'big=12345678901234567890&n=1.5&neg=-3&t=true',
    );
  });

  it('writes arrays and objects as JSON', () => {
    expect(canonicalSignString({ list: [1, 'a', null], obj: { x: 1, y: 'z' }, empty: [] })).toBe(
      `empty=${encodeURIComponent('[]')}&list=${encodeURIComponent('[1,"a",null]')}&obj=${encodeURIComponent('{"x":1,"y":"z"}')}`,
    );
  });

  it('percent-encodes without trimming string values', () => {
    expect(canonicalSignString({ q: ' a b ', u: 'ü' })).toBe('q=%20a%20b%20&u=%C3%BC');
  });

  it('cannot be fooled by a value that looks like more parameters', () => {
    expect(canonicalSignString({ a: '1&b=2' })).not.toBe(canonicalSignString({ a: '1', b: '2' }));
    expect(canonicalSignString({ 'a=1&b': '2' })).not.toBe(canonicalSignString({ a: '1', b: '2' }));
  });
});
