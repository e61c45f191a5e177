import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FingerprintSet, MOVES_PER_ADD } from './fingerprint-set';

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
          // Also while a move between tables is under way.
          expect(set.has(bytes)).toBe(model.has(k));
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

  it('grows by moving a few slots per add, never the whole table at once, and finds every entry meanwhile', () => {
    const set = new FingerprintSet(1024);
    const keys: Buffer[] = [];
    const add = () => {
      const k = randomBytes(8);
      keys.push(k);
      expect(set.add(k)).toBe(true);
    };
    while (set.slotsToMove === 0) add();
    // The add that filled half the table made a new one and copied nothing yet.
    expect(set.slotsToMove).toBe(1024);
    let moves = 0;
    while (set.slotsToMove > 0) {
      const before = set.slotsToMove;
      add();
      expect(before - set.slotsToMove).toBeLessThanOrEqual(MOVES_PER_ADD);
      moves++;
      // An entry forgotten during the move is gone from both tables.
      if (moves === 5) set.delete(keys.shift()!);
    }
    expect(moves).toBe(1024 / MOVES_PER_ADD);
    expect(keys.filter((k) => !set.has(k)).length).toBe(0);
    expect(set.size).toBe(keys.length);
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
