// Variable difficulty per connection: aims at one share every targetSeconds. Shares are counted in
// a window; once the window is retargetSeconds old (or holds far too many shares, so a fast miner
// is not flooding for a whole window) the observed interval is compared with the target and, when
// it is off by more than variancePercent, a new difficulty is proposed. The session applies it with
// the next job. Bounds: the port's minimum and maximum, and the miner's minimum-difficulty.
export interface VardiffSettings {
  targetSeconds: number;
  retargetSeconds: number;
  variancePercent: number;
}

export class Vardiff {
  private windowStart: number;
  private shares = 0;

  constructor(
    private readonly settings: VardiffSettings,
    private min: number,
    private readonly max: number,
    now: number,
  ) {
    this.windowStart = now;
  }

  /** The miner's minimum-difficulty (mining.configure) raises the lower bound (never above max). */
  setMinerMinimum(value: number): void {
    if (Number.isFinite(value) && value > 0) this.min = Math.min(this.max, Math.max(this.min, value));
  }

  clamp(value: number): number {
    return Math.min(this.max, Math.max(this.min, value));
  }

  reset(now: number): void {
    this.windowStart = now;
    this.shares = 0;
  }

  /** Counts an accepted share; returns a new difficulty when a retarget is due and needed. */
  onShare(current: number, now: number): number | undefined {
    this.shares += 1;
    const burst = (this.settings.retargetSeconds / this.settings.targetSeconds) * 4;
    if (now - this.windowStart < this.settings.retargetSeconds * 1000 && this.shares < Math.max(16, burst)) return undefined;
    return this.retarget(current, now);
  }

  /** Called periodically: a miner that sent nothing for a whole window gets an easier target. */
  onIdle(current: number, now: number): number | undefined {
    if (now - this.windowStart < this.settings.retargetSeconds * 1000) return undefined;
    return this.retarget(current, now);
  }

  private retarget(current: number, now: number): number | undefined {
    const elapsed = Math.max(1, (now - this.windowStart) / 1000);
    const shares = this.shares;
    this.reset(now);
    // No share in the window: the true interval is at least `elapsed`.
    const interval = shares ? elapsed / shares : elapsed * 2;
    const off = Math.abs(interval - this.settings.targetSeconds) / this.settings.targetSeconds;
    if (off * 100 <= this.settings.variancePercent) return undefined;
    const factor = Math.min(16, Math.max(1 / 16, this.settings.targetSeconds / interval));
    const next = this.clamp(current * factor);
    return next === current ? undefined : next;
  }
}
