// extranonce1 = the process's instance prefix (1 byte) + a 3-byte connection counter, unique among
// the live connections of this process, so unique across all processes with distinct prefixes.
// A miner resuming a session (mining.subscribe's second parameter) gets its old extranonce1 back
// when it carries this process's prefix and no live connection holds it.
export class ExtranoncePool {
  private next = 0;
  private readonly used = new Set<number>();

  constructor(private readonly prefix: number) {
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > 255) throw new Error('instancePrefix must be 0–255');
  }

  /** A new extranonce1 (8 hex digits), or the resumed one when `resume` is ours and free. */
  allocate(resume?: string): string | undefined {
    if (resume !== undefined && /^[0-9a-fA-F]{8}$/.test(resume)) {
      const value = parseInt(resume, 16) >>> 0;
      const counter = value & 0xffffff;
      if (value >>> 24 === this.prefix && !this.used.has(counter)) {
        this.used.add(counter);
        return this.format(counter);
      }
    }
    if (this.used.size >= 0x1000000) return undefined;
    while (this.used.has(this.next)) this.next = (this.next + 1) & 0xffffff;
    const counter = this.next;
    this.next = (this.next + 1) & 0xffffff;
    this.used.add(counter);
    return this.format(counter);
  }

  release(extranonce1: string): void {
    this.used.delete(parseInt(extranonce1, 16) & 0xffffff);
  }

  inUse(): number {
    return this.used.size;
  }

  private format(counter: number): string {
    return (((this.prefix << 24) >>> 0) + counter).toString(16).padStart(8, '0');
  }
}
