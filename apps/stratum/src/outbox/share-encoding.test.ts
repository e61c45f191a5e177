// The wire form of share batches: large bodies are encoded in the encoder thread, to the same bytes
// as in this thread; anything the compact form cannot hold goes as its JSON.
import { encodeShareBatch, SHARES_COMPACT_TYPE } from '@hashpool/shared';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../log.js';
import { wireBody } from './share-encoding.js';

const body = (n: number, extra = '') =>
  `{"batch_id":"node7-1-000000001","shares":[${Array.from({ length: n }, (_, i) => `{"coin":"btc","account":"farm${i % 7}"${extra},"worker":"rig${i % 300}","difficulty":${(i + 1) / 1024},"result":"accepted","ip":"10.0.${i % 5}.1","time":${1_800_000_000_000 + i}}`).join(',')}]}`;

describe('wireBody', () => {
  it('encodes a large body in its thread to the bytes this thread makes, and a small one here', async () => {
    for (const n of [3, 5000]) {
      const json = body(n);
      const wire = await wireBody(json, 'compact', silentLogger);
      expect(wire.contentType).toBe(SHARES_COMPACT_TYPE);
      expect(Buffer.from(wire.data as Uint8Array).equals(Buffer.from(encodeShareBatch(JSON.parse(json))))).toBe(true);
    }
    expect(body(5000).length).toBeGreaterThan(64 * 1024);
  });

  it('sends what the compact form cannot hold as JSON, from the thread too; json stays json', async () => {
    // A share with both an account and an address: the compact form has one owner per share.
    for (const n of [2, 5000]) {
      const json = body(n, ',"address":"x"');
      expect(await wireBody(json, 'compact', silentLogger)).toEqual({ contentType: 'application/json', data: json });
    }
    const many = await Promise.all([body(4000), body(4500)].map((json) => wireBody(json, 'compact', silentLogger)));
    expect(many.map((w) => w.contentType)).toEqual([SHARES_COMPACT_TYPE, SHARES_COMPACT_TYPE]);
    expect(await wireBody(body(1), 'json', silentLogger)).toEqual({ contentType: 'application/json', data: body(1) });
  });
});
