// A Stratum V1 miner for the tests: it really hashes (Scrypt through node:crypto, or SHA-256d) and
// speaks the protocol as the common ASIC firmwares do (subscribe, configure version-rolling,
// authorize, submit with version bits). It also sends crafted submissions (stale, duplicate, low
// difficulty) so the tests can check the server's error codes. Written here, not taken from the
// server's code, so that a shared misunderstanding of byte orders would show as rejected shares.
import { createHash, scryptSync } from 'node:crypto';
import { createConnection, type Socket } from 'node:net';

export type MinerAlgorithm = 'scrypt' | 'sha256d';

export interface Notify {
  jobId: string;
  prevHash: string;
  coinbase1: string;
  coinbase2: string;
  merkleBranch: string[];
  version: string;
  nbits: string;
  ntime: string;
  cleanJobs: boolean;
}

export interface Submission {
  jobId: string;
  extranonce2: string;
  ntime: string;
  nonce: string;
  versionBits?: string;
}

interface Pending {
  resolve: (value: { result: unknown; error: unknown }) => void;
}

const sha256d = (data: Buffer): Buffer => createHash('sha256').update(createHash('sha256').update(data).digest()).digest();

/** The hash of an 80-byte header as the coin's proof of work sees it (little-endian number). */
export function powHash(algorithm: MinerAlgorithm, header: Buffer): Buffer {
  return algorithm === 'scrypt' ? scryptSync(header, header, 32, { N: 1024, r: 1, p: 1 }) : sha256d(header);
}

/** Stratum difficulty 1: 0xffff·2^208 for SHA-256d; Scrypt pools use a target 2^16 times easier. */
export function shareTarget(algorithm: MinerAlgorithm, difficulty: number): bigint {
  const diff1 = algorithm === 'scrypt' ? 0xffffn << 224n : 0xffffn << 208n;
  // Scale to keep fractional difficulties exact enough for a test.
  const scale = 1_000_000n;
  return (diff1 * scale) / BigInt(Math.round(difficulty * 1_000_000));
}

const asLittleEndianNumber = (hash: Buffer): bigint => BigInt(`0x${Buffer.from(hash).reverse().toString('hex')}`);
/** Each 4-byte word of a hex string with its bytes reversed (stratum's prevhash order). */
const swap32 = (hex: string): Buffer => {
  const bytes = Buffer.from(hex, 'hex');
  for (let i = 0; i < bytes.length; i += 4) bytes.subarray(i, i + 4).reverse();
  return bytes;
};
const hexLE = (hex: string): Buffer => Buffer.from(hex, 'hex').reverse();

/** The target of a compact nbits (hex). */
export function targetFromNbits(nbits: string): bigint {
  const n = Number.parseInt(nbits, 16);
  return BigInt(n & 0x7fffff) << BigInt(8 * ((n >>> 24) - 3));
}

export class TestMiner {
  private socket!: Socket;
  private buffer = '';
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  readonly jobs: Notify[] = [];
  difficulty = 1;
  extranonce1 = '';
  extranonce2Size = 4;
  versionMask = 0;
  closed = false;
  readonly reconnects: unknown[][] = [];
  private jobWaiters: Array<(job: Notify) => void> = [];

  constructor(
    private readonly host: string,
    private readonly port: number,
    readonly algorithm: MinerAlgorithm,
  ) {}

  async connect(): Promise<void> {
    this.socket = createConnection({ host: this.host, port: this.port });
    this.socket.setEncoding('utf8');
    this.socket.on('data', (chunk: string) => this.onData(chunk));
    this.socket.on('close', () => {
      this.closed = true;
      for (const p of this.pending.values()) p.resolve({ result: null, error: 'closed' });
      this.pending.clear();
    });
    this.socket.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
  }

  /** Sends a raw line (for malformed-input tests). */
  sendRaw(line: string): void {
    this.socket.write(line);
  }

  call(method: string, params: unknown[]): Promise<{ result: unknown; error: unknown }> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve });
      this.socket.write(`${JSON.stringify({ id, method, params })}\n`);
    });
  }

  /** configure (version rolling) → subscribe → authorize; resolves once the first job is in. */
  async login(user: string, options: { versionRolling?: boolean } = {}): Promise<{ authorized: boolean; error: unknown }> {
    if (options.versionRolling !== false) {
      const configured = await this.call('mining.configure', [['version-rolling'], { 'version-rolling.mask': 'ffffffff', 'version-rolling.min-bit-count': 2 }]);
      const result = configured.result as Record<string, unknown> | null;
      if (result?.['version-rolling'] === true) this.versionMask = Number.parseInt(String(result['version-rolling.mask']), 16);
    }
    const subscribed = await this.call('mining.subscribe', ['hashpool-test-miner/1.0']);
    const [, extranonce1, extranonce2Size] = subscribed.result as [unknown, string, number];
    this.extranonce1 = extranonce1;
    this.extranonce2Size = extranonce2Size;
    const firstJob = this.jobs.length ? Promise.resolve(this.jobs.at(-1)!) : this.nextJob();
    const auth = await this.call('mining.authorize', [user, 'x']);
    if (auth.result !== true) return { authorized: false, error: auth.error };
    await firstJob;
    return { authorized: true, error: null };
  }

  nextJob(): Promise<Notify> {
    return new Promise((resolve) => this.jobWaiters.push(resolve));
  }

  get currentJob(): Notify | undefined {
    return this.jobs.at(-1);
  }

  /** Builds the header of a job for one extranonce2/nonce/version. */
  header(job: Notify, extranonce2: string, ntime: string, nonce: number, version: number): Buffer {
    const coinbase = Buffer.from(job.coinbase1 + this.extranonce1 + extranonce2 + job.coinbase2, 'hex');
    let root = sha256d(coinbase);
    for (const branch of job.merkleBranch) root = sha256d(Buffer.concat([root, Buffer.from(branch, 'hex')]));
    const header = Buffer.alloc(80);
    header.writeUInt32LE(version >>> 0, 0);
    swap32(job.prevHash).copy(header, 4);
    root.copy(header, 36);
    hexLE(ntime).copy(header, 68);
    hexLE(job.nbits).copy(header, 72);
    header.writeUInt32LE(nonce >>> 0, 76);
    return header;
  }

  /**
   * Searches nonces until a share meets the current difficulty (or `target` when given). Rolls
   * one version bit inside the negotiated mask on every other try, as ASICs do.
   */
  solve(job: Notify, options: { extranonce2?: string; target?: bigint; maxTries?: number; startNonce?: number; above?: bigint } = {}): Submission & { hash: Buffer } {
    const extranonce2 = options.extranonce2 ?? Buffer.alloc(this.extranonce2Size).fill(0).toString('hex');
    const target = options.target ?? shareTarget(this.algorithm, this.difficulty);
    const baseVersion = Number.parseInt(job.version, 16);
    const rollBit = this.versionMask ? this.versionMask & -this.versionMask : 0; // lowest bit of the mask
    const maxTries = options.maxTries ?? 5_000_000;
    for (let i = 0; i < maxTries; i++) {
      const nonce = ((options.startNonce ?? 0) + i) >>> 0;
      const versionBits = rollBit && i % 2 === 1 ? rollBit : 0;
      const version = (baseVersion & ~this.versionMask) | versionBits;
      const hash = powHash(this.algorithm, this.header(job, extranonce2, job.ntime, nonce, version));
      const value = asLittleEndianNumber(hash);
      // `above`: a share that must not also meet that target (a share that is not a block).
      if (value <= target && (options.above === undefined || value > options.above)) {
        return {
          jobId: job.jobId,
          extranonce2,
          ntime: job.ntime,
          nonce: nonce.toString(16).padStart(8, '0'),
          ...(this.versionMask ? { versionBits: versionBits.toString(16).padStart(8, '0') } : {}),
          hash,
        };
      }
    }
    throw new Error('no share found within maxTries');
  }

  /** A nonce whose hash does NOT meet `target` (for a low-difficulty share). */
  weakShare(job: Notify, target: bigint): Submission {
    const extranonce2 = Buffer.alloc(this.extranonce2Size).fill(0xee).toString('hex');
    for (let nonce = 0; ; nonce++) {
      const hash = powHash(this.algorithm, this.header(job, extranonce2, job.ntime, nonce, Number.parseInt(job.version, 16)));
      if (asLittleEndianNumber(hash) > target) return { jobId: job.jobId, extranonce2, ntime: job.ntime, nonce: nonce.toString(16).padStart(8, '0') };
    }
  }

  submit(user: string, share: Submission): Promise<{ result: unknown; error: unknown }> {
    const params: string[] = [user, share.jobId, share.extranonce2, share.ntime, share.nonce];
    if (share.versionBits !== undefined) params.push(share.versionBits);
    return this.call('mining.submit', params);
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, newline).trim();
      this.buffer = this.buffer.slice(newline + 1);
      if (!line) continue;
      const message = JSON.parse(line) as { id: number | null; method?: string; params?: unknown[]; result?: unknown; error?: unknown };
      if (message.method) this.onNotification(message.method, message.params ?? []);
      else if (message.id !== null && this.pending.has(message.id)) {
        this.pending.get(message.id)!.resolve({ result: message.result, error: message.error ?? null });
        this.pending.delete(message.id);
      }
    }
  }

  private onNotification(method: string, params: unknown[]): void {
    if (method === 'mining.set_difficulty') this.difficulty = Number(params[0]);
    else if (method === 'mining.notify') {
      const [jobId, prevHash, coinbase1, coinbase2, merkleBranch, version, nbits, ntime, cleanJobs] = params as [string, string, string, string, string[], string, string, string, boolean];
      const job = { jobId, prevHash, coinbase1, coinbase2, merkleBranch, version, nbits, ntime, cleanJobs };
      this.jobs.push(job);
      const waiters = this.jobWaiters;
      this.jobWaiters = [];
      for (const waiter of waiters) waiter(job);
    } else if (method === 'mining.set_version_mask') this.versionMask = Number.parseInt(String(params[0]), 16);
    else if (method === 'client.reconnect') this.reconnects.push(params);
  }
}
