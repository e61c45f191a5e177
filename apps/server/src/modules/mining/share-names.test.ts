import { afterAll, describe, expect, it } from 'vitest';
import { encodeShareBatch, type ShareEvent } from '@hashpool/shared';
import { decodeBody } from './share-compact';
import { IN_THREAD_BYTES, ShareDecoder } from './share-decoder';
import { NameBook, NameNumbering } from './share-names';

describe('worker names sent as numbers', () => {
  it('gives each batch its names back, sending a name only the first time', () => {
    const numbering = new NameNumbering();
    const book = new NameBook();
    const first = numbering.number(['rig1', 'rig2', 'rig3']);
    expect(first.added).toEqual(['rig1', 'rig2', 'rig3']);
    expect(book.read(first)).toEqual(['rig1', 'rig2', 'rig3']);
    const second = numbering.number(['rig3', 'rig4', 'rig1']);
    expect(second.added).toEqual(['rig4']);
    expect(book.read(second)).toEqual(['rig3', 'rig4', 'rig1']);
    expect(book.read(numbering.number([]))).toEqual([]);
  });

  it('starts over past its limit, and the receiving side with it', () => {
    const numbering = new NameNumbering(4);
    const book = new NameBook();
    expect(book.read(numbering.number(['a', 'b', 'c']))).toEqual(['a', 'b', 'c']);
    const over = numbering.number(['d', 'a']);
    expect(over.generation).toBe(1);
    expect(over.added).toEqual(['d', 'a']);
    expect(book.read(over)).toEqual(['d', 'a']);
    expect(book.read(numbering.number(['a', 'd']))).toEqual(['a', 'd']);
  });

  it('refuses names it cannot follow (a batch missed)', () => {
    const numbering = new NameNumbering();
    const book = new NameBook();
    numbering.number(['a']); // never read
    expect(() => book.read(numbering.number(['b']))).toThrow(/out of order/);
  });
});

describe('the decoder thread', () => {
  const decoder = new ShareDecoder(1);
  afterAll(() => decoder.close());
  const NOW = Date.parse('2026-06-01T12:00:00Z');

  /** A compact body large enough for the thread, its workers drawn from `names`. */
  const body = (id: string, names: string[]) => {
    const shares: ShareEvent[] = Array.from({ length: 4000 }, (_, i) => ({ coin: i % 3 ? 'btc' : 'ltc', account: `farm${i % 7}`, worker: names[(i * 7) % names.length]!, difficulty: 2, result: 'accepted', ip: '10.0.0.1', time: NOW - i }));
    const bytes = encodeShareBatch({ batch_id: id, shares });
    expect(bytes.byteLength).toBeGreaterThanOrEqual(IN_THREAD_BYTES);
    return bytes;
  };

  it('decodes bodies with the same worker names as a decode in this thread', async () => {
    const names = Array.from({ length: 900 }, (_, i) => `rig${i}`);
    const bodies = [body('batch-one', names.slice(0, 600)), body('batch-two', names.slice(300)), body('batch-three', names)];
    // At once: the thread answers in order and each answer's new names follow the last one's.
    const decoded = await Promise.all(bodies.map((b) => decoder.decode(b, NOW, 'compact')));
    bodies.forEach((b, i) => {
      const here = decodeBody(b, NOW, 'compact');
      expect(here.ok && here.batch.workerNames.length).toBeGreaterThan(0);
      expect(decoded[i]).toEqual(here);
    });
  });
});
