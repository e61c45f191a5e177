// Adds shares up before they reach the database: one row per worker and minute, per owner and
// 10-minute point, per pool and point. A flush writes each sum once, so the cost of a flush
// follows the number of active workers, not the number of shares. (Workers' own points are summed
// from their minutes by the minute job when the point ends.)
import { RESULT_CODES, type DecodedBatch } from './share-batch';

export const MINUTE_MS = 60_000;
export const POINT_SECONDS = 600;
const POINT_MS = POINT_SECONDS * 1000;

export interface Sums {
  acceptedWork: number;
  rejectedWork: number;
  accepted: number;
  rejected: number;
  stale: number;
}

/** A worker's minute: its sums and its newest share (time, and IP when the share had one). */
export interface MinuteSums extends Sums {
  last: number;
  lastIp: string | null;
}

/** A worker of the flush: who it is, and its first and newest share (to create it with). */
export interface WorkerTotals {
  coin: string;
  ownerKind: 'account' | 'address';
  owner: string;
  worker: string;
  first: number;
  last: number;
  lastIp: string | null;
}

const empty = (): Sums => ({ acceptedWork: 0, rejectedWork: 0, accepted: 0, rejected: 0, stale: 0 });
// A literal: objects made by spreading empty() here made adding shares six times slower (measured).
const emptyMinute = (): MinuteSums => ({ acceptedWork: 0, rejectedWork: 0, accepted: 0, rejected: 0, stale: 0, last: -Infinity, lastIp: null });

function add(sums: Sums, result: number, work: number): void {
  if (result === RESULT_CODES.accepted) {
    sums.acceptedWork += work;
    sums.accepted += 1;
  } else {
    sums.rejectedWork += work;
    if (result === RESULT_CODES.stale) sums.stale += 1;
    else sums.rejected += 1;
  }
}

function merge(into: Sums, from: Sums): void {
  into.acceptedWork += from.acceptedWork;
  into.rejectedWork += from.rejectedWork;
  into.accepted += from.accepted;
  into.rejected += from.rejected;
  into.stale += from.stale;
}

export const workerKey = (s: { coin: string; owner: string; worker: string }) => `${s.coin}\u0000${s.owner}\u0000${s.worker}`;

/**
 * A worker of the flush and its minutes; everything coarser is derived from these at flush time.
 * Minutes are numbered (ms / 60,000): a number that small is a key V8 stores without allocating,
 * where the minute's start in ms (past 2^31) was a new heap number for every share. A flush
 * covers a second or so, so a worker's shares nearly always fall in one minute: that one is held
 * on the entry, and a map is made only for a worker whose shares span more.
 */
interface WorkerEntry extends WorkerTotals {
  key: string;
  /** The minute of the worker's first share in the flush, and its sums. */
  minute: number;
  sums: MinuteSums;
  /** Its other minutes, by number. */
  more: Map<number, MinuteSums> | null;
}

const NO_MINUTE = -1;

/** Calls `each` with a worker's minutes: each one's start in ms and its sums. */
function minutesOf(w: WorkerEntry, each: (minute: number, sums: MinuteSums) => void): void {
  if (w.minute === NO_MINUTE) return;
  each(w.minute * MINUTE_MS, w.sums);
  if (w.more) for (const [minute, sums] of w.more) each(minute * MINUTE_MS, sums);
}

export class ShareAggregate {
  /** By workerKey. */
  readonly workers = new Map<string, WorkerTotals>();
  /**
   * coin -> owner -> worker name: a share's worker is found without building a key string per
   * share (ingestion adds hundreds of thousands a second; the strings were most of its garbage).
   */
  private readonly tree = new Map<string, Map<string, Map<string, WorkerEntry>>>();

  /**
   * Adds a decoded batch. `ownerIds` gives each of the batch's owners the id it is stored under
   * (a sub-account's id, or the address itself); a share whose owner has none is left out.
   */
  addBatch(b: DecodedBatch, ownerIds: ReadonlyArray<string | undefined>): void {
    // Each (coin, owner) of the batch is looked up once; then each worker by its name alone.
    const names = new Map<number, Map<string, WorkerEntry> | null>();
    const entries = b.workerNames.map((name, w) => {
      const coin = b.workerCoins[w]!;
      const owner = b.workerOwners[w]!;
      const pair = coin * b.owners.length + owner;
      let byName = names.get(pair);
      if (byName === undefined) {
        const id = ownerIds[owner];
        byName = id === undefined ? null : this.namesOf(b.coins[coin]!, id);
        names.set(pair, byName);
      }
      if (byName === null) return undefined;
      return byName.get(name) ?? this.newEntry(byName, b.coins[coin]!, b.ownerKinds[owner] === 0 ? 'account' : 'address', ownerIds[owner]!, name);
    });
    for (let i = 0; i < b.count; i++) {
      const w = entries[b.shareWorker[i]!];
      if (!w) continue;
      const time = b.shareTime[i]!;
      const result = b.shareResult[i]!;
      const work = b.shareWork[i]!;
      if (time < w.first) w.first = time;
      if (time >= w.last) {
        w.last = time;
        const ip = b.shareIp[i]!;
        if (ip >= 0) w.lastIp = b.ips[ip]!;
      }
      const minute = Math.floor(time / MINUTE_MS);
      let sums = w.sums;
      if (w.minute === NO_MINUTE) w.minute = minute;
      else if (minute !== w.minute) {
        const more = (w.more ??= new Map<number, MinuteSums>());
        const other = more.get(minute);
        if (other) sums = other;
        else more.set(minute, (sums = emptyMinute()));
      }
      add(sums, result, work);
      if (time >= sums.last) {
        sums.last = time;
        const ip = b.shareIp[i]!;
        if (ip >= 0) sums.lastIp = b.ips[ip]!;
      }
    }
  }

  private namesOf(coin: string, owner: string): Map<string, WorkerEntry> {
    let owners = this.tree.get(coin);
    if (!owners) this.tree.set(coin, (owners = new Map()));
    let names = owners.get(owner);
    if (!names) owners.set(owner, (names = new Map()));
    return names;
  }

  private newEntry(names: Map<string, WorkerEntry>, coin: string, ownerKind: 'account' | 'address', owner: string, worker: string): WorkerEntry {
    const key = workerKey({ coin, owner, worker });
    const w: WorkerEntry = { key, coin, ownerKind, owner, worker, first: Infinity, last: -Infinity, lastIp: null, minute: NO_MINUTE, sums: emptyMinute(), more: null };
    names.set(worker, w);
    this.workers.set(key, w);
    return w;
  }

  /** One row per worker and minute (`minute`: its start in ms). */
  minuteRows(): Array<{ key: string; minute: number; sums: MinuteSums }> {
    const rows: Array<{ key: string; minute: number; sums: MinuteSums }> = [];
    for (const w of this.workers.values()) minutesOf(w as WorkerEntry, (minute, sums) => rows.push({ key: (w as WorkerEntry).key, minute, sums }));
    return rows;
  }

  /**
   * The 10-minute points per owner and per pool, summed from the minutes. Grouped by nested maps,
   * not by string keys: this runs once per flush over every active worker's minutes.
   */
  points() {
    const ownerPoints = new Map<string, Map<string, Map<number, Sums>>>(); // coin -> owner -> bucket
    const poolPoints = new Map<string, Map<number, Sums>>(); // coin -> bucket
    const at = <K>(map: Map<K, Sums>, k: K) => {
      let sums = map.get(k);
      if (!sums) map.set(k, (sums = empty()));
      return sums;
    };
    for (const [coin, owners] of this.tree) {
      let pool = poolPoints.get(coin);
      if (!pool) poolPoints.set(coin, (pool = new Map()));
      let byOwner = ownerPoints.get(coin);
      if (!byOwner) ownerPoints.set(coin, (byOwner = new Map()));
      for (const [owner, names] of owners) {
        let own = byOwner.get(owner);
        if (!own) byOwner.set(owner, (own = new Map()));
        for (const w of names.values()) {
          minutesOf(w, (minute, sums) => {
            const bucket = minute - (minute % POINT_MS);
            merge(at(own, bucket), sums);
            merge(at(pool, bucket), sums);
          });
        }
      }
    }
    return {
      ownerPoints: [...ownerPoints].flatMap(([coin, owners]) => [...owners].flatMap(([owner, buckets]) => [...buckets].map(([bucket, sums]) => ({ coin, owner, bucket, sums })))),
      poolPoints: [...poolPoints].flatMap(([coin, buckets]) => [...buckets].map(([bucket, sums]) => ({ coin, bucket, sums }))),
    };
  }
}
