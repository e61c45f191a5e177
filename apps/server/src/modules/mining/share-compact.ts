// Reads the compact form of a share batch (SHARES_COMPACT_TYPE, packages/shared/src/share-encoding.ts;
// docs/stratum-integration.md, "The compact batch encoding"). A share is refused for the same
// reasons as in JSON (share-validation.ts), but each distinct text of the batch (coin, owner,
// worker, IP) is checked once, through its index in the string table, rather than once per share.
// Bytes that are not a well-formed body (short, wrong magic or version, an index outside the
// table, an unknown enum byte, trailing bytes) refuse the whole body, like JSON that does not parse.
// Every length is checked against the bytes left before anything is allocated from it.
import { isAscii } from 'node:buffer';
import {
  COMPACT_NONE,
  COMPACT_SHARE_BYTES,
  findCoin,
  isNameText,
  isValidMiningAddress,
  isValidWorkerName,
  MAX_SHARE_AGE_MS,
  SHARE_BATCH_MAX,
  shareBatchSchema,
  SHARES_COMPACT_MAGIC,
  SHARES_COMPACT_VERSION,
  type CoinInfo,
} from '@hashpool/shared';
import { BatchBuilder, decodeBatchBody, type BatchIssue, type BodyDecode } from './share-batch';
import { MAX_SHARE_SKEW_MS, shareWork, TEXT_LIMITS as L } from './share-validation';

export type ShareEncoding = 'json' | 'compact';

/** A body in its encoding to a decoded batch (what a decoder thread runs). */
export function decodeBody(bytes: Uint8Array, now: number, encoding: ShareEncoding): BodyDecode {
  return encoding === 'compact' ? decodeCompactBody(bytes, now) : decodeBatchBody(bytes, now);
}

/** More texts than five per share cannot be referred to (coin, owner, worker, reason, IP). */
const MAX_STRINGS = 5 * SHARE_BATCH_MAX;

const refuse = (section: string, message: string, offset: number): BodyDecode => ({
  ok: false,
  issues: [{ code: 'malformed_encoding', path: [section], message: `${message} (byte ${offset})`, params: { offset } }],
});
const within = (v: string, [min, max]: readonly [number, number]) => v.length >= min && v.length <= max;

export function decodeCompactBody(bytes: Uint8Array, now: number): BodyDecode {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = buf.byteLength;
  const view = new DataView(buf.buffer, buf.byteOffset, size);
  if (size < 8) return refuse('header', 'shorter than the 8-byte header', size);
  if (view.getUint32(0, true) !== SHARES_COMPACT_MAGIC) return refuse('header', 'not a compact share batch: the magic is not "HPSB"', 0);
  if (view.getUint8(4) !== SHARES_COMPACT_VERSION) return refuse('header', `version ${view.getUint8(4)} is not read here (version ${SHARES_COMPACT_VERSION} is)`, 4);
  if (view.getUint8(5) !== 0) return refuse('header', 'flags are set that version 1 does not define', 5);
  const idLength = view.getUint16(6, true);
  let at = 8 + idLength;
  if (at + 4 > size) return refuse('header', 'ends inside the batch id or before the string count', size);
  const batchId = buf.toString('utf8', 8, at);
  const id = shareBatchSchema.shape.batch_id.safeParse(batchId);
  if (!id.success) return { ok: false, issues: id.error.issues.map(({ code, message, path: _path, ...params }): BatchIssue => ({ code, path: ['batch_id'], message, params: JSON.parse(JSON.stringify(params)) as Record<string, unknown> })) };

  // The string table: a count, the byte length of each, then their bytes.
  const stringCount = view.getUint32(at, true);
  at += 4;
  if (stringCount > MAX_STRINGS) return refuse('strings', `${stringCount} texts, more than ${MAX_STRINGS}`, at - 4);
  if (at + 2 * stringCount > size) return refuse('strings', 'ends inside the text lengths', size);
  let textBytes = 0;
  for (let i = 0; i < stringCount; i++) textBytes += view.getUint16(at + 2 * i, true);
  const textsAt = at + 2 * stringCount;
  if (textsAt + textBytes + 4 > size) return refuse('strings', 'ends inside the texts or before the share count', size);
  const strings = new Array<string>(stringCount);
  // Plain ASCII (the usual case) is read as one Latin-1 string and cut, much cheaper than a UTF-8
  // read per text; byte offsets are then character offsets.
  const ascii = isAscii(buf.subarray(textsAt, textsAt + textBytes));
  const whole = ascii ? buf.toString('latin1', textsAt, textsAt + textBytes) : '';
  for (let i = 0, from = 0; i < stringCount; i++) {
    const length = view.getUint16(at + 2 * i, true);
    strings[i] = ascii ? whole.slice(from, from + length) : buf.toString('utf8', textsAt + from, textsAt + from + length);
    from += length;
  }
  at = textsAt + textBytes;

  const n = view.getUint32(at, true);
  at += 4;
  if (n < 1) return { ok: false, issues: [{ code: 'too_small', path: ['shares'], message: 'a batch holds at least one share', params: { minimum: 1, origin: 'array' } }] };
  if (n > SHARE_BATCH_MAX) return { ok: false, issues: [{ code: 'too_big', path: ['shares'], message: `a batch holds at most ${SHARE_BATCH_MAX} shares`, params: { maximum: SHARE_BATCH_MAX, origin: 'array' } }] };
  if (size - at !== n * COMPACT_SHARE_BYTES) return refuse('shares', `${n} shares take ${n * COMPACT_SHARE_BYTES} bytes; ${size - at} follow`, at);
  const coinAt = at;
  const ownerAt = coinAt + 4 * n;
  const workerAt = ownerAt + 4 * n;
  const reasonAt = workerAt + 4 * n;
  const ipAt = reasonAt + 4 * n;
  const difficultyAt = ipAt + 4 * n;
  const timeAt = difficultyAt + 8 * n;
  const kindAt = timeAt + 8 * n;
  const resultAt = kindAt + n;

  // Per text of the table, what has been found of it (filled as shares use it): its coin, whether
  // it is a good account name or worker name, the batch's owner and worker it became, its IP.
  const coins = new Array<CoinInfo | null | undefined>(stringCount);
  const nameOk = new Int8Array(stringCount); // 0 not checked, 1 good, 2 bad
  const workerOk = new Int8Array(stringCount);
  const accountOwner = new Int32Array(stringCount).fill(-1);
  const addressOwner = new Int32Array(stringCount).fill(-1);
  const lastCoin = new Int32Array(stringCount).fill(-1); // by worker text: coin text and owner of its last use ...
  const lastOwner = new Int32Array(stringCount);
  const lastWorker = new Int32Array(stringCount); // ... and the worker that was
  const ipOf = new Int32Array(stringCount).fill(-2); // -2 not looked at
  const addressOk = new Map<string, boolean>();
  const builder = new BatchBuilder(batchId, n);
  const earliest = now - MAX_SHARE_AGE_MS;
  const latest = now + MAX_SHARE_SKEW_MS;

  for (let i = 0; i < n; i++) {
    const c = view.getUint32(coinAt + 4 * i, true);
    const o = view.getUint32(ownerAt + 4 * i, true);
    const w = view.getUint32(workerAt + 4 * i, true);
    const r = view.getUint32(reasonAt + 4 * i, true);
    const p = view.getUint32(ipAt + 4 * i, true);
    const kind = buf[kindAt + i]!;
    const result = buf[resultAt + i]!;
    if (c >= stringCount || o >= stringCount || w >= stringCount || (r !== COMPACT_NONE && r >= stringCount) || (p !== COMPACT_NONE && p >= stringCount)) return refuse('shares', `share ${i} refers to a text outside the table`, coinAt + 4 * i);
    if (kind > 1) return refuse('shares', `share ${i} has owner kind ${kind}`, kindAt + i);
    if (result > 2) return refuse('shares', `share ${i} has result ${result}`, resultAt + i);
    const difficulty = view.getFloat64(difficultyAt + 8 * i, true);
    const time = view.getFloat64(timeAt + 8 * i, true);
    const owner = strings[o]!;
    const worker = strings[w]!;

    // readShareEvent's checks, then checkShare's, in their order (share-validation.ts).
    let malformed = !within(strings[c]!, L.coin) || !within(worker, L.worker) || !Number.isFinite(difficulty) || !Number.isSafeInteger(time);
    malformed ||= (r !== COMPACT_NONE && !within(strings[r]!, L.reason)) || (p !== COMPACT_NONE && !within(strings[p]!, L.ip));
    if (kind === 0) {
      if (nameOk[o] === 0) nameOk[o] = within(owner, L.account) && isNameText(owner) ? 1 : 2;
      malformed ||= nameOk[o] === 2;
    } else malformed ||= !within(owner, L.address);
    if (malformed) {
      builder.refuse('malformed');
      continue;
    }
    let coin = coins[c];
    if (coin === undefined) coin = coins[c] = findCoin(strings[c]!) ?? null;
    if (!coin) {
      builder.refuse('unknown_coin');
      continue;
    }
    if ((coin.mode === 'account') !== (kind === 0)) {
      builder.refuse('mode_mismatch');
      continue;
    }
    if (coin.mode === 'address') {
      const key = `${coin.code}\u0000${owner}`;
      let good = addressOk.get(key);
      if (good === undefined) addressOk.set(key, (good = isValidMiningAddress(coin.code, owner)));
      if (!good) {
        builder.refuse('bad_address');
        continue;
      }
    }
    if (workerOk[w] === 0) workerOk[w] = isValidWorkerName(worker) ? 1 : 2;
    if (workerOk[w] === 2) {
      builder.refuse('bad_worker_name');
      continue;
    }
    const work = shareWork(difficulty, coin.hashesPerDifficulty);
    if (work === undefined) {
      builder.refuse('bad_difficulty');
      continue;
    }
    if (time < earliest || time > latest) {
      builder.refuse('bad_time');
      continue;
    }
    const owners = kind === 0 ? accountOwner : addressOwner;
    let ownerIndex = owners[o]!;
    if (ownerIndex < 0) ownerIndex = owners[o] = builder.owner(kind === 0 ? 'account' : 'address', owner);
    let workerIndex: number;
    if (lastCoin[w] === c && lastOwner[w] === ownerIndex) workerIndex = lastWorker[w]!;
    else {
      workerIndex = builder.worker(coin.code, ownerIndex, worker);
      lastCoin[w] = c;
      lastOwner[w] = ownerIndex;
      lastWorker[w] = workerIndex;
    }
    let ip = -1;
    if (p !== COMPACT_NONE) {
      ip = ipOf[p]!;
      if (ip === -2) ip = ipOf[p] = builder.ip(strings[p]!);
    }
    builder.push(workerIndex, ip, time, work, result);
  }
  return { ok: true, batch: builder.b };
}
