// Adds shares up before they reach the database: one row per worker and minute, per worker and
// 10-minute point, per owner and point, per pool and point. A flush writes each sum once, so the
// cost of a flush follows the number of active workers, not the number of shares.

export const MINUTE_MS = 60_000;
export const POINT_SECONDS = 600;
const POINT_MS = POINT_SECONDS * 1000;

export interface ResolvedShare {
  coin: string;
  /** account id or address */
  ownerKind: 'account' | 'address';
  owner: string;
  worker: string;
  work: number;
  result: 'accepted' | 'rejected' | 'stale';
  ip: string | null;
  time: number;
}

export interface Sums {
  acceptedWork: number;
  rejectedWork: number;
  accepted: number;
  rejected: number;
  stale: number;
}

export interface WorkerTotals extends Sums {
  coin: string;
  ownerKind: 'account' | 'address';
  owner: string;
  worker: string;
  first: number;
  last: number;
  lastIp: string | null;
}

const empty = (): Sums => ({ acceptedWork: 0, rejectedWork: 0, accepted: 0, rejected: 0, stale: 0 });

function add(sums: Sums, s: { result: ResolvedShare['result']; work: number }): void {
  if (s.result === 'accepted') {
    sums.acceptedWork += s.work;
    sums.accepted += 1;
  } else {
    sums.rejectedWork += s.work;
    if (s.result === 'stale') sums.stale += 1;
    else sums.rejected += 1;
  }
}

export const workerKey = (s: { coin: string; owner: string; worker: string }) => `${s.coin}\u0000${s.owner}\u0000${s.worker}`;

interface WorkerEntry extends WorkerTotals {
  key: string;
  /** minute start -> sums; everything coarser is derived from these at flush time. */
  minutes: Map<number, Sums>;
}

export class ShareAggregate {
  /** By workerKey. */
  readonly workers = new Map<string, WorkerTotals>();
  /**
   * coin -> owner -> worker name: add() finds a share's worker without building a key string per
   * share (ingestion adds hundreds of thousands a second; the strings were most of its garbage).
   */
  private readonly tree = new Map<string, Map<string, Map<string, WorkerEntry>>>();

  add(s: ResolvedShare): void {
    let owners = this.tree.get(s.coin);
    if (!owners) this.tree.set(s.coin, (owners = new Map()));
    let names = owners.get(s.owner);
    if (!names) owners.set(s.owner, (names = new Map()));
    let w = names.get(s.worker);
    if (!w) {
      const key = workerKey(s);
      w = { key, coin: s.coin, ownerKind: s.ownerKind, owner: s.owner, worker: s.worker, first: s.time, last: s.time, lastIp: s.ip, ...empty(), minutes: new Map() };
      names.set(s.worker, w);
      this.workers.set(key, w);
    }
    add(w, s);
    if (s.time < w.first) w.first = s.time;
    if (s.time >= w.last) {
      w.last = s.time;
      w.lastIp = s.ip ?? w.lastIp;
    }
    const minute = s.time - (s.time % MINUTE_MS);
    let sums = w.minutes.get(minute);
    if (!sums) w.minutes.set(minute, (sums = empty()));
    add(sums, s);
  }

  /** One row per worker and minute. */
  minuteRows(): Array<{ key: string; minute: number; sums: Sums }> {
    const rows: Array<{ key: string; minute: number; sums: Sums }> = [];
    for (const w of this.workers.values()) for (const [minute, sums] of (w as WorkerEntry).minutes) rows.push({ key: (w as WorkerEntry).key, minute, sums });
    return rows;
  }

  /** The 10-minute points per worker, per owner and per pool, summed from the minutes. */
  points() {
    const workerPoints = new Map<string, { key: string; bucket: number; sums: Sums }>();
    const ownerPoints = new Map<string, { coin: string; owner: string; bucket: number; sums: Sums }>();
    const poolPoints = new Map<string, { coin: string; bucket: number; sums: Sums }>();
    const merge = (into: Sums, from: Sums) => {
      into.acceptedWork += from.acceptedWork;
      into.rejectedWork += from.rejectedWork;
      into.accepted += from.accepted;
      into.rejected += from.rejected;
      into.stale += from.stale;
    };
    for (const { key, minute, sums } of this.minuteRows()) {
      const w = this.workers.get(key)!;
      const bucket = minute - (minute % POINT_MS);
      const p = `${key}\u0000${bucket}`;
      if (!workerPoints.has(p)) workerPoints.set(p, { key, bucket, sums: empty() });
      merge(workerPoints.get(p)!.sums, sums);
      const o = `${w.coin}\u0000${w.owner}\u0000${bucket}`;
      if (!ownerPoints.has(o)) ownerPoints.set(o, { coin: w.coin, owner: w.owner, bucket, sums: empty() });
      merge(ownerPoints.get(o)!.sums, sums);
      const c = `${w.coin}\u0000${bucket}`;
      if (!poolPoints.has(c)) poolPoints.set(c, { coin: w.coin, bucket, sums: empty() });
      merge(poolPoints.get(c)!.sums, sums);
    }
    return { workerPoints, ownerPoints, poolPoints };
  }
}
