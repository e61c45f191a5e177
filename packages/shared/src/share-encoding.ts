// The compact form of a share batch (docs/stratum-integration.md, "The compact batch encoding"):
// the same contract as the JSON body { batch_id, shares }, as bytes that read without a JSON parse.
// Names, owners, IPs and reasons repeat across a batch, so each distinct text is written once in a
// string table and shares refer to it by index; the numbers sit in fixed-width columns. This file
// holds the layout and the one encoder (stratum transports, tests, bench:ingest); the pool's
// decoder is apps/server/src/modules/mining/share-compact.ts.
import { SHARE_RESULTS, type ShareEvent } from './schemas/mining';

/** The HTTP Content-Type (and NATS `Content-Type` header) of version 1. A new layout gets a new name. */
export const SHARES_COMPACT_TYPE = 'application/vnd.hashpool.shares.v1';
/**
 * The NATS header of a share batch message holding the hex HMAC-SHA256 of the message's bytes under
 * one of the pool's INGEST_KEYS: Hashpool terminates a message without a valid one.
 */
export const INGEST_SIGNATURE_HEADER = 'Hashpool-Signature';
/** The first four bytes: ASCII "HPSB". */
export const SHARES_COMPACT_MAGIC = 0x42535048; // "HPSB" read as a little-endian u32
export const SHARES_COMPACT_VERSION = 1;
/** An absent reason or IP in its column. */
export const COMPACT_NONE = 0xffff_ffff;
/** Bytes per share in the columns: coin, owner, worker, reason, ip (u32), difficulty, time (f64), owner kind, result (u8). */
export const COMPACT_SHARE_BYTES = 5 * 4 + 2 * 8 + 2;
/** Owner kinds: the `account` field or the `address` field of the JSON share. */
export const COMPACT_OWNER_KINDS = ['account', 'address'] as const;

/**
 * Encodes a batch. Every share needs exactly one of account and address, and a difficulty that is a
 * number or a decimal string (sent as its number, which is what the pool reads from the string too);
 * anything else cannot be written and throws, as does a text over 65,535 UTF-8 bytes.
 */
export function encodeShareBatch(batch: { batch_id: string; shares: readonly ShareEvent[] }): Uint8Array<ArrayBuffer> {
  const { shares } = batch;
  const n = shares.length;
  const strings: string[] = [];
  const index = new Map<string, number>();
  const ref = (s: string) => {
    let i = index.get(s);
    if (i === undefined) {
      i = strings.push(s) - 1;
      index.set(s, i);
    }
    return i;
  };
  const coin = new Uint32Array(n);
  const owner = new Uint32Array(n);
  const worker = new Uint32Array(n);
  const reason = new Uint32Array(n);
  const ip = new Uint32Array(n);
  const difficulty = new Float64Array(n);
  const time = new Float64Array(n);
  const kind = new Uint8Array(n);
  const result = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const s = shares[i]!;
    if ((s.account === undefined) === (s.address === undefined)) throw new Error(`share ${i}: exactly one of account and address`);
    coin[i] = ref(s.coin);
    kind[i] = s.account !== undefined ? 0 : 1;
    owner[i] = ref(s.account ?? s.address!);
    worker[i] = ref(s.worker);
    reason[i] = s.reason === undefined ? COMPACT_NONE : ref(s.reason);
    ip[i] = s.ip === undefined ? COMPACT_NONE : ref(s.ip);
    difficulty[i] = Number(s.difficulty);
    time[i] = s.time;
    const r = SHARE_RESULTS.indexOf(s.result);
    if (r < 0) throw new Error(`share ${i}: result ${String(s.result)}`);
    result[i] = r;
  }
  const utf8 = new TextEncoder();
  const id = utf8.encode(batch.batch_id);
  if (id.length > 0xffff) throw new Error('batch id too long');
  const texts = strings.map((s) => utf8.encode(s));
  const textBytes = texts.reduce((sum, t) => sum + t.length, 0);
  const size = 8 + id.length + 4 + 2 * texts.length + textBytes + 4 + n * COMPACT_SHARE_BYTES;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, SHARES_COMPACT_MAGIC, true);
  view.setUint8(4, SHARES_COMPACT_VERSION);
  view.setUint8(5, 0); // flags: none defined in version 1
  view.setUint16(6, id.length, true);
  out.set(id, 8);
  let at = 8 + id.length;
  view.setUint32(at, texts.length, true);
  at += 4;
  for (const t of texts) {
    if (t.length > 0xffff) throw new Error('a text of the batch is over 65,535 bytes');
    view.setUint16(at, t.length, true);
    at += 2;
  }
  for (const t of texts) {
    out.set(t, at);
    at += t.length;
  }
  view.setUint32(at, n, true);
  at += 4;
  for (const column of [coin, owner, worker, reason, ip]) for (let i = 0; i < n; i++, at += 4) view.setUint32(at, column[i]!, true);
  for (const column of [difficulty, time]) for (let i = 0; i < n; i++, at += 8) view.setFloat64(at, column[i]!, true);
  out.set(kind, at);
  out.set(result, at + n);
  return out;
}
