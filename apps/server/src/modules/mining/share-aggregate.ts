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

export class ShareAggregate {
  readonly workers = new Map<string, WorkerTotals>();
  /** workerKey + minute start -> sums; everything coarser is derived from these at flush time. */
  readonly minutes = new Map<string, { key: string; minute: number; sums: Sums }>();

  add(s: ResolvedShare): void {
    const key = workerKey(s);
    let w = this.workers.get(key);
    if (!w) {
      w = { coin: s.coin, ownerKind: s.ownerKind, owner: s.owner, worker: s.worker, first: s.time, last: s.time, lastIp: s.ip, ...empty() };
      this.workers.set(key, w);
    }
    add(w, s);
    if (s.time < w.first) w.first = s.time;
    if (s.time >= w.last) {
      w.last = s.time;
      w.lastIp = s.ip ?? w.lastIp;
    }
    const minute = s.time - (s.time % MINUTE_MS);
    const m = `${key}\u0000${minute}`;
    let bucket = this.minutes.get(m);
    if (!bucket) {
      bucket = { key, minute, sums: empty() };
      this.minutes.set(m, bucket);
    }
    add(bucket.sums, s);
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
    for (const { key, minute, sums } of this.minutes.values()) {
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
