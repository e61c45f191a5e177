// The shares of one job already seen, as 64-bit fingerprints (the first 8 bytes of a hash of the
// solved header) in one typed array: open addressing with linear probing.
//
// Why not a Set of strings: a job lives up to a minute, and at tens of thousands of shares a second
// a process held millions of small strings for it. They outlived the young generation, so every
// scavenge copied them and every full collection marked them: the garbage collector's pauses were
// the longest turns of the event loop (bench:stratum's p99). A typed array is one object whose
// contents the collector never scans.
//
// Two different headers share a fingerprint with a probability of 2^-64 per pair: a job holding a
// million shares refuses a fresh one as a duplicate about once in 10^13 shares.

const EMPTY = 0;
/** A forgotten entry: probing goes on past it, an insert may reuse it. */
const GONE = 0xffffffff;

export class FingerprintSet {
  /** Pairs (low word, high word); (0, 0) is empty, (GONE, GONE) forgotten. */
  private slots: Uint32Array;
  private mask: number;
  /** Slots not empty (present and forgotten ones): what makes probing long. */
  private used = 0;
  private live = 0;
  // The fingerprint being looked up, in fields rather than a returned pair: no garbage per share.
  private lo = 0;
  private hi = 0;

  constructor(initialSlots = 1024) {
    let n = 16;
    while (n < initialSlots) n *= 2;
    this.slots = new Uint32Array(n * 2);
    this.mask = n - 1;
  }

  get size(): number {
    return this.live;
  }

  /** Adds the fingerprint in bytes 0..7 of `hash`; false when it was there already. */
  add(hash: Uint8Array): boolean {
    const found = this.find(hash);
    if (found >= 0) return false;
    const slot = -found - 1;
    if (this.slots[slot * 2] === EMPTY && this.slots[slot * 2 + 1] === EMPTY) this.used++;
    this.slots[slot * 2] = this.lo;
    this.slots[slot * 2 + 1] = this.hi;
    this.live++;
    // At most half the slots taken keeps probes short; mostly forgotten ones only need a clean-up.
    if (this.used * 2 > this.mask + 1) this.rehash(this.live * 2 > this.mask + 1 ? (this.mask + 1) * 2 : this.mask + 1);
    return true;
  }

  has(hash: Uint8Array): boolean {
    return this.find(hash) >= 0;
  }

  /** Forgets a fingerprint (a share refused after it was remembered may come again). */
  delete(hash: Uint8Array): void {
    const slot = this.find(hash);
    if (slot < 0) return;
    this.slots[slot * 2] = GONE;
    this.slots[slot * 2 + 1] = GONE;
    this.live--;
  }

  /** The slot holding the fingerprint, or -(slot + 1) of where to insert it. */
  private find(hash: Uint8Array): number {
    let lo = (hash[0]! | (hash[1]! << 8) | (hash[2]! << 16) | (hash[3]! << 24)) >>> 0;
    const hi = (hash[4]! | (hash[5]! << 8) | (hash[6]! << 16) | (hash[7]! << 24)) >>> 0;
    // The two reserved values are moved aside (a 2^-63 chance each).
    if (lo === EMPTY && hi === EMPTY) lo = 1;
    else if (lo === GONE && hi === GONE) lo = GONE - 1;
    this.lo = lo;
    this.hi = hi;
    let reusable = -1;
    // The low word is a hash's bytes: already uniformly spread.
    for (let slot = lo & this.mask; ; slot = (slot + 1) & this.mask) {
      const a = this.slots[slot * 2]!;
      const b = this.slots[slot * 2 + 1]!;
      if (a === lo && b === hi) return slot;
      if (a === EMPTY && b === EMPTY) return -((reusable >= 0 ? reusable : slot) + 1);
      if (a === GONE && b === GONE && reusable < 0) reusable = slot;
    }
  }

  /** Copies the present fingerprints into a table of `slotCount` slots (forgotten ones are dropped). */
  private rehash(slotCount: number): void {
    const old = this.slots;
    this.slots = new Uint32Array(slotCount * 2);
    this.mask = slotCount - 1;
    this.used = 0;
    for (let i = 0; i < old.length; i += 2) {
      const lo = old[i]!;
      const hi = old[i + 1]!;
      if ((lo === EMPTY && hi === EMPTY) || (lo === GONE && hi === GONE)) continue;
      let slot = lo & this.mask;
      while (this.slots[slot * 2] !== EMPTY || this.slots[slot * 2 + 1] !== EMPTY) slot = (slot + 1) & this.mask;
      this.slots[slot * 2] = lo;
      this.slots[slot * 2 + 1] = hi;
      this.used++;
    }
  }
}
