import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FingerprintSet } from './fingerprint-set';

const key = (hex: string) => Buffer.from(hex.padEnd(16, '0'), 'hex');

describe('FingerprintSet', () => {
  it('answers like a Set of the first 8 bytes over any sequence of adds and deletes', () => {
    // Few distinct keys in a small table: collisions, forgotten slots reused and rehashes all happen.
    const op = fc.record({ del: fc.boolean(), key: fc.integer({ min: 0, max: 40 }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        const set = new FingerprintSet(16);
        const model = new Set<number>();
        for (const { del, key: k } of ops) {
          // Keys that differ only in their high word probe from the same slot.
          const bytes = Buffer.alloc(32);
          bytes.writeUInt32LE(k % 4, 0);
          bytes.writeUInt32LE(k, 4);
          if (del) {
            set.delete(bytes);
            model.delete(k);
          } else {
            expect(set.add(bytes)).toBe(!model.has(k));
            model.add(k);
          }
          expect(set.size).toBe(model.size);
        }
        for (let k = 0; k <= 40; k++) {
          const bytes = Buffer.alloc(8);
          bytes.writeUInt32LE(k % 4, 0);
          bytes.writeUInt32LE(k, 4);
          expect(set.has(bytes)).toBe(model.has(k));
        }
      }),
    );
  });

  it('holds a hundred thousand random fingerprints and finds every one', () => {
    const set = new FingerprintSet();
    const keys = Array.from({ length: 100_000 }, () => randomBytes(32));
    // Counted, not an expect() per key: 200,000 of them took most of the 5 s time limit.
    expect(keys.filter((k) => set.add(k)).length).toBe(100_000);
    expect(set.size).toBe(100_000);
    expect(keys.filter((k) => !set.has(k)).length).toBe(0);
    expect(set.has(randomBytes(32))).toBe(false);
  });

  it('only reads the first 8 bytes, and keeps the two reserved values apart from the rest', () => {
    const set = new FingerprintSet();
    expect(set.add(Buffer.concat([key('00'), Buffer.from('ab', 'hex')]))).toBe(true);
    expect(set.add(Buffer.concat([key('00'), Buffer.from('cd', 'hex')]))).toBe(false);
    expect(set.add(key('ffffffffffffffff'))).toBe(true);
    expect(set.has(key('ffffffffffffffff'))).toBe(true);
    set.delete(key('ffffffffffffffff'));
    expect(set.has(key('ffffffffffffffff'))).toBe(false);
    expect(set.has(key('00'))).toBe(true);
  });
});
