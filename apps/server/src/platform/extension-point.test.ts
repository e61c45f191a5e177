import { describe, expect, it } from 'vitest';
import { ExtensionPoint } from './extension-point';

describe('ExtensionPoint', () => {
  it('has no provider until one registers, then answers it', () => {
    const point = new ExtensionPoint<() => number>('test.point');
    expect(point.provider).toBeUndefined();
    point.register(() => 7);
    expect(point.provider?.()).toBe(7);
  });

  it('refuses a second provider', () => {
    const point = new ExtensionPoint<number>('test.point');
    point.register(1);
    expect(() => point.register(2)).toThrow(/test.point already has a provider/);
  });
});
