// A batch of shares checked and turned into columns: what ingestion keeps from a batch's arrival
// to the flush that writes it. Each share becomes a few numbers (worker, IP, time, work, result)
// in typed arrays, and each distinct worker, owner and IP of the batch is kept once, so a batch
// of ten thousand shares is a handful of objects, not ten thousand. The same functions run in the
// decoder threads (share-decoder.ts) and in the server's own thread, so both check alike.
import { shareBatchSchema } from '@hashpool/shared';
import { isAscii } from 'node:buffer';
import { isIP } from 'node:net';
import { checkShare, type RefusalReason } from './share-validation';

export const RESULT_CODES = { accepted: 0, rejected: 1, stale: 2 } as const;

export interface DecodedBatch {
  batchId: string;
  /** Distinct owners: sub-account names as sent (account mode) or addresses (address mode). */
  owners: string[];
  /** 0 for a sub-account name, 1 for an address; by owner. */
  ownerKinds: Uint8Array;
  /** The batch's coins. */
  coins: string[];
  /** Distinct workers: coin (an index into coins), owner (an index into owners) and name. */
  workerCoins: Uint8Array;
  workerOwners: Int32Array;
  workerNames: string[];
  /** Distinct IPs (IPv4 or IPv6 addresses); a share without a valid one has -1. */
  ips: string[];
  /** The checked shares, one entry each. */
  count: number;
  shareWorker: Int32Array;
  shareIp: Int32Array;
  shareTime: Float64Array;
  shareWork: Float64Array;
  shareResult: Uint8Array;
  /** Shares refused by the check, by reason (never stored). */
  refusals: Partial<Record<RefusalReason, number>>;
}

/**
 * Builds a DecodedBatch from checked shares: keeps each owner (sub-accounts whatever their case),
 * worker (by coin, owner and name) and IP once. Both encodings of a batch fill it this way.
 */
export class BatchBuilder {
  readonly b: DecodedBatch;
  // owner key -> index; coin -> owner index -> worker name -> index; ip -> index
  private readonly ownerIndex = new Map<string, number>();
  private readonly workerIndex = new Map<string, Map<number, Map<string, number>>>();
  private readonly coinIndex = new Map<string, number>();
  private readonly ipIndex = new Map<string, number>();

  constructor(batchId: string, n: number) {
    this.b = {
      batchId,
      owners: [],
      ownerKinds: new Uint8Array(n),
      coins: [],
      workerCoins: new Uint8Array(n),
      workerOwners: new Int32Array(n),
      workerNames: [],
      ips: [],
      count: 0,
      shareWorker: new Int32Array(n),
      shareIp: new Int32Array(n),
      shareTime: new Float64Array(n),
      shareWork: new Float64Array(n),
      shareResult: new Uint8Array(n),
      refusals: {},
    };
  }

  refuse(reason: RefusalReason): void {
    this.b.refusals[reason] = (this.b.refusals[reason] ?? 0) + 1;
  }

  owner(kind: 'account' | 'address', name: string): number {
    const key = kind === 'account' ? `a${name.toLowerCase()}` : `d${name}`;
    let owner = this.ownerIndex.get(key);
    if (owner === undefined) {
      owner = this.b.owners.length;
      this.ownerIndex.set(key, owner);
      this.b.ownerKinds[owner] = kind === 'account' ? 0 : 1;
      this.b.owners.push(name);
    }
    return owner;
  }

  /** `coin` is the coin's code (findCoin's), `owner` an index from owner(). */
  worker(coin: string, owner: number, name: string): number {
    let byOwner = this.workerIndex.get(coin);
    if (!byOwner) this.workerIndex.set(coin, (byOwner = new Map()));
    let byName = byOwner.get(owner);
    if (!byName) byOwner.set(owner, (byName = new Map()));
    let worker = byName.get(name);
    if (worker === undefined) {
      worker = this.b.workerNames.length;
      byName.set(name, worker);
      let c = this.coinIndex.get(coin);
      if (c === undefined) {
        c = this.b.coins.length;
        this.coinIndex.set(coin, c);
        this.b.coins.push(coin);
      }
      this.b.workerCoins[worker] = c;
      this.b.workerOwners[worker] = owner;
      this.b.workerNames.push(name);
    }
    return worker;
  }

  /**
   * The IP is shown on the workers' pages: only an IPv4 or IPv6 address is kept (checked once per
   * distinct value); any other text is dropped and the share counts without one (-1).
   */
  ip(text: string): number {
    let known = this.ipIndex.get(text);
    if (known === undefined) {
      known = isIP(text) ? this.b.ips.push(text) - 1 : -1;
      this.ipIndex.set(text, known);
    }
    return known;
  }

  push(worker: number, ip: number, time: number, work: number, result: number): void {
    const k = this.b.count++;
    this.b.shareWorker[k] = worker;
    this.b.shareIp[k] = ip;
    this.b.shareTime[k] = time;
    this.b.shareWork[k] = work;
    this.b.shareResult[k] = result;
  }
}

/** Checks each share of a batch and keeps the good ones as columns. */
export function decodeShares(batchId: string, raw: readonly unknown[], now: number): DecodedBatch {
  const builder = new BatchBuilder(batchId, raw.length);
  for (let i = 0; i < raw.length; i++) {
    const s = checkShare(raw[i], now);
    if (typeof s === 'string') {
      builder.refuse(s);
      continue;
    }
    const worker = builder.worker(s.coin, builder.owner(s.ownerKind, s.owner), s.worker);
    builder.push(worker, s.ip === null ? -1 : builder.ip(s.ip), s.time, s.work, RESULT_CODES[s.result]);
  }
  return builder.b;
}

/** A zod issue as it crosses from a decoder thread: enough for the usual validation answer. */
export interface BatchIssue {
  code: string;
  path: Array<string | number>;
  message: string;
  params: Record<string, unknown>;
}

export type BodyDecode = { ok: true; batch: DecodedBatch } | { ok: false; notJson: true } | { ok: false; issues: BatchIssue[] };

/**
 * A request or message body ({ batch_id, shares }, shareBatchSchema) to a decoded batch. Bodies
 * of plain ASCII (the usual case: names, numbers, IPs) are read as Latin-1, which is the same
 * text and much cheaper to turn into a string than UTF-8.
 */
export function decodeBatchBody(bytes: Uint8Array, now: number): BodyDecode {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let json: unknown;
  try {
    json = JSON.parse(buffer.toString(isAscii(buffer) ? 'latin1' : 'utf8'));
  } catch {
    return { ok: false, notJson: true };
  }
  const parsed = shareBatchSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(({ code, path, message, ...params }) => ({ code, path: path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message, params: JSON.parse(JSON.stringify(params)) as Record<string, unknown> }));
    return { ok: false, issues };
  }
  return { ok: true, batch: decodeShares(parsed.data.batch_id, parsed.data.shares, now) };
}

/** The buffers a decoded batch can hand over to another thread without copying. */
export function transferables(b: DecodedBatch): ArrayBuffer[] {
  return [b.ownerKinds, b.workerCoins, b.workerOwners, b.shareWorker, b.shareIp, b.shareTime, b.shareWork, b.shareResult].map((a) => a.buffer as ArrayBuffer);
}
