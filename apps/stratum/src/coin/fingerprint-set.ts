// The shares of one job already seen, as 64-bit fingerprints (the first 8 bytes of a hash of the
// solved header) in one typed array: open addressing with linear probing.
//
// Why not a Set of strings: a job lives up to a minute, and at tens of thousands of shares a second
// a process held millions of small strings for it. They outlived the young generation, so every
// scavenge copied them and every full collection marked them: the garbage collector's pauses were
// the longest turns of the event loop (bench:stratum's p99). A typed array is one object whose
// contents the collector never scans.
//
// Why the table grows a little at every add rather than all at once: copying a table of a million
// fingerprints into one twice its size took 41 ms on the event loop (a CPU profile of bench:stratum
// at 20,000 shares/s), and every connection of the process waited for it. Now the old table stays
// beside the new one while MOVES_PER_ADD of its slots are moved at every add; meanwhile a lookup
// reads both. Filling one set with 4 million fingerprints (1 December, two runs each): the longest
// add 220 and 231 ms before, 2.9 and 8.2 ms after; an add 0.43-0.48 µs before, 0.44-0.51 µs after.
//
// Two different headers share a fingerprint with a probability of 2^-64 per pair: a job holding a
// million shares refuses a fresh one as a duplicate about once in 10^13 shares.

const EMPTY = 0;
/** A forgotten entry: probing goes on past it, an insert may reuse it. */
const GONE = 0xffffffff;
/**
 * Old slots moved into the new table at each add. A new table has twice the old one's slots and
 * starts at most half as full as its own limit, so the move ends long before it fills (8: within
 * an eighth of the old table's slot count of adds).
 */
export const MOVES_PER_ADD = 8;

export class FingerprintSet {
  /** Pairs (low word, high word); (0, 0) is empty, (GONE, GONE) forgotten. */
  private slots: Uint32Array;
  private mask: number;
  /** The previous table while its entries are being moved, and the next slot of it to move. */
  private old: Uint32Array | undefined;
  private oldMask = 0;
  private moveAt = 0;
  /** Slots of the current table not empty (present and forgotten ones): what makes probing long. */
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

  /** Slots of the previous table still to be moved (0 when no move is under way). */
  get slotsToMove(): number {
    return this.old ? this.old.length / 2 - this.moveAt : 0;
  }

  /** Adds the fingerprint in bytes 0..7 of `hash`; false when it was there already. */
  add(hash: Uint8Array): boolean {
    this.load(hash);
    if (this.old && probe(this.old, this.oldMask, this.lo, this.hi) >= 0) return false;
    const found = probe(this.slots, this.mask, this.lo, this.hi);
    if (found >= 0) return false;
    this.place(-found - 1, this.lo, this.hi);
    this.live++;
    if (this.old) this.moveSome();
    // At most half the slots taken keeps probes short; mostly forgotten ones only need a clean-up.
    else if (this.used * 2 > this.mask + 1) this.startMove(this.live * 4 > this.mask + 1 ? (this.mask + 1) * 2 : this.mask + 1);
    return true;
  }

  has(hash: Uint8Array): boolean {
    this.load(hash);
    if (probe(this.slots, this.mask, this.lo, this.hi) >= 0) return true;
    return this.old !== undefined && probe(this.old, this.oldMask, this.lo, this.hi) >= 0;
  }

  /** Forgets a fingerprint (a share refused after it was remembered may come again). */
  delete(hash: Uint8Array): void {
    this.load(hash);
    if (!forget(this.slots, this.mask, this.lo, this.hi) && !(this.old && forget(this.old, this.oldMask, this.lo, this.hi))) return;
    this.live--;
  }

  /** Reads the fingerprint of `hash` into lo/hi. */
  private load(hash: Uint8Array): void {
    let lo = (hash[0]! | (hash[1]! << 8) | (hash[2]! << 16) | (hash[3]! << 24)) >>> 0;
    const hi = (hash[4]! | (hash[5]! << 8) | (hash[6]! << 16) | (hash[7]! << 24)) >>> 0;
    // The two reserved values are moved aside (a 2^-63 chance each).
    if (lo === EMPTY && hi === EMPTY) lo = 1;
    else if (lo === GONE && hi === GONE) lo = GONE - 1;
    this.lo = lo;
    this.hi = hi;
  }

  private place(slot: number, lo: number, hi: number): void {
    if (this.slots[slot * 2] === EMPTY && this.slots[slot * 2 + 1] === EMPTY) this.used++;
    this.slots[slot * 2] = lo;
    this.slots[slot * 2 + 1] = hi;
  }

  /** Makes a table of `slotCount` slots the current one; the present entries follow, a few per add. */
  private startMove(slotCount: number): void {
    this.old = this.slots;
    this.oldMask = this.mask;
    this.moveAt = 0;
    this.slots = new Uint32Array(slotCount * 2);
    this.mask = slotCount - 1;
    this.used = 0;
  }

  /** Moves the next MOVES_PER_ADD slots of the previous table (forgotten entries are dropped). */
  private moveSome(): void {
    const old = this.old!;
    const end = Math.min(old.length / 2, this.moveAt + MOVES_PER_ADD);
    for (let i = this.moveAt; i < end; i++) {
      const lo = old[i * 2]!;
      const hi = old[i * 2 + 1]!;
      if ((lo === EMPTY && hi === EMPTY) || (lo === GONE && hi === GONE)) continue;
      // Not in the current table (an add looks in the previous one first, and a moved slot is
      // forgotten in the previous one): probe answers where to insert it.
      this.place(-probe(this.slots, this.mask, lo, hi) - 1, lo, hi);
      // Forgotten here, not emptied: the probes of the entries after it still pass through.
      old[i * 2] = GONE;
      old[i * 2 + 1] = GONE;
    }
    this.moveAt = end;
    if (end === old.length / 2) this.old = undefined;
  }
}

/** The slot of `table` holding (lo, hi), or -(slot + 1) of where to insert it. */
function probe(table: Uint32Array, mask: number, lo: number, hi: number): number {
  let reusable = -1;
  // The low word is a hash's bytes: already uniformly spread.
  for (let slot = lo & mask; ; slot = (slot + 1) & mask) {
    const a = table[slot * 2]!;
    const b = table[slot * 2 + 1]!;
    if (a === lo && b === hi) return slot;
    if (a === EMPTY && b === EMPTY) return -((reusable >= 0 ? reusable : slot) + 1);
    if (a === GONE && b === GONE && reusable < 0) reusable = slot;
  }
}

/** Marks (lo, hi) forgotten in `table`; false when it is not there. */
function forget(table: Uint32Array, mask: number, lo: number, hi: number): boolean {
  const slot = probe(table, mask, lo, hi);
  if (slot < 0) return false;
  table[slot * 2] = GONE;
  table[slot * 2 + 1] = GONE;
  return true;
}
