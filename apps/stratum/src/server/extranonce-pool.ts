// extranonce1 = the process's instance prefix (1 byte) + a 3-byte connection counter, unique among
// the live connections of this process, so unique across all processes with distinct prefixes.
// A miner resuming a session (mining.subscribe's second parameter) gets its old extranonce1 back
// when it carries this process's prefix, no live connection holds it, and what its connection was
// sent is still remembered here (SessionMemory, for MEMORY_MS), on the same port.

/**
 * What a closed connection's miner may take on when it resumes: the difficulty each job was sent at,
 * the job ids it was sent and the difficulty it was last told. Without it a resumed connection would
 * be sent the current job again at a new difficulty (one the miner asked for before subscribing):
 * the shares of that job held back on the old connection, valid under the same extranonce1, would
 * be credited at the higher one, and the miner paid for more work than it did.
 */
export interface SessionMemory {
  port: number;
  difficulty: number;
  jobs: ReadonlyMap<string, number>;
  sent: readonly string[];
}

/** How long a closed connection's memory is kept: past the life of its jobs (a new block or template ends them sooner). */
const MEMORY_MS = 5 * 60_000;
/** At most this many kept (the oldest go first): a storm of reconnections must not grow the process without bound. */
const MEMORY_MAX = 10_000;

export class ExtranoncePool {
  private next = 0;
  private readonly used = new Set<number>();
  /** Released counters' memories, oldest first. */
  private readonly memories = new Map<number, { memory: SessionMemory; at: number }>();

  constructor(private readonly prefix: number) {
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > 255) throw new Error('instancePrefix must be 0–255');
  }

  /**
   * A new extranonce1 (8 hex digits), or the resumed one with its connection's memory when `resume`
   * is ours, free and remembered for `port`. A resumed extranonce1 nothing is remembered of is not
   * given back: a new one is (the miner's work under the old one is lost, not paid twice).
   */
  allocate(resume: string | undefined, port: number, now: number): { extranonce1: string; memory?: SessionMemory } | undefined {
    this.forget(now);
    if (resume !== undefined && /^[0-9a-fA-F]{8}$/.test(resume)) {
      const value = parseInt(resume, 16) >>> 0;
      const counter = value & 0xffffff;
      const kept = this.memories.get(counter);
      if (value >>> 24 === this.prefix && !this.used.has(counter) && kept?.memory.port === port) {
        this.memories.delete(counter);
        this.used.add(counter);
        return { extranonce1: this.format(counter), memory: kept.memory };
      }
    }
    if (this.used.size >= 0x1000000) return undefined;
    while (this.used.has(this.next)) this.next = (this.next + 1) & 0xffffff;
    const counter = this.next;
    this.next = (this.next + 1) & 0xffffff;
    this.used.add(counter);
    // Handed to another miner (after the counter wrapped): the old connection's jobs are not this one's.
    this.memories.delete(counter);
    return { extranonce1: this.format(counter) };
  }

  release(extranonce1: string, memory: SessionMemory | undefined, now: number): void {
    const counter = parseInt(extranonce1, 16) & 0xffffff;
    this.used.delete(counter);
    this.memories.delete(counter);
    if (memory) this.memories.set(counter, { memory, at: now });
    this.forget(now);
  }

  inUse(): number {
    return this.used.size;
  }

  /** Memories kept (tests). */
  remembered(): number {
    return this.memories.size;
  }

  private forget(now: number): void {
    for (const [counter, kept] of this.memories) {
      if (now - kept.at < MEMORY_MS && this.memories.size <= MEMORY_MAX) break;
      this.memories.delete(counter);
    }
  }

  private format(counter: number): string {
    return (((this.prefix << 24) >>> 0) + counter).toString(16).padStart(8, '0');
  }
}
