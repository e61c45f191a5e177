// Vardiff: each connection's difficulty moves towards one share every targetSeconds. After a
// window of retargetSeconds (or sooner, after enough shares), the average time between shares
// decides: outside the allowed variance, the difficulty is scaled by target / average, bounded
// by the port's minimum and maximum and by what the miner asked for with minimum-difficulty.
export interface VardiffOptions {
  targetSeconds: number;
  retargetSeconds: number;
  variancePercent: number;
}

export class Vardiff {
  private windowStart: number;
  private shares = 0;

  constructor(
    private readonly o: VardiffOptions,
    now: number,
  ) {
    this.windowStart = now;
  }

  /**
   * Counts an accepted share; answers a new difficulty when it is time to change, else null.
   * `floor` is the larger of the port's minimum and the miner's minimum-difficulty.
   */
  onShare(now: number, current: number, floor: number, max: number): number | null {
    this.shares++;
    const elapsed = (now - this.windowStart) / 1000;
    // Many shares early (a fast miner on a low start difficulty) retarget at once.
    if (elapsed < this.o.retargetSeconds && this.shares < Math.max(4, (this.o.retargetSeconds / this.o.targetSeconds) * 2)) return null;
    const average = elapsed / this.shares;
    this.windowStart = now;
    this.shares = 0;
    const low = this.o.targetSeconds * (1 - this.o.variancePercent / 100);
    const high = this.o.targetSeconds * (1 + this.o.variancePercent / 100);
    if (average >= low && average <= high) return null;
    const next = Math.min(max, Math.max(floor, current * (this.o.targetSeconds / Math.max(average, 0.001))));
    return Math.abs(next - current) / current < 0.01 ? null : next;
  }

  /** No share for a whole window: the difficulty halves (bounded), so a slow miner is heard. */
  onIdle(now: number, current: number, floor: number): number | null {
    if ((now - this.windowStart) / 1000 < this.o.retargetSeconds * 2 || current <= floor) return null;
    this.windowStart = now;
    this.shares = 0;
    return Math.max(floor, current / 2);
  }
}
