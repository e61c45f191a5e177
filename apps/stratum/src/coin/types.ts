// The seam between the stratum protocol server (sessions, vardiff, abuse, outbox: src/server, src/outbox)
// and a coin family's parts (templates, jobs, share checks, block submission: src/coin). The server
// never looks inside a job; it hands submissions to the coin's ShareChecker. A later merged-mining
// job source or a Stratum V2 front end plugs in here without the other side changing.

/** A job as mining.notify sends it (all hex strings already in stratum byte order). */
export interface StratumJob {
  /** Job id, unique within this process (hex, at most 8 characters). */
  id: string;
  /** Previous block hash in stratum order (each 4-byte word swapped). */
  prevHash: string;
  coinbase1: string;
  coinbase2: string;
  merkleBranch: string[];
  /** Block version, 8 hex digits (big-endian, as stratum sends it). */
  version: string;
  /** Compact network target, 8 hex digits. */
  nbits: string;
  /** Template time, 8 hex digits. */
  ntime: string;
  /** True when this job's previous block differs from the last job's: miners drop older work. */
  cleanJobs: boolean;
  height: number;
  /** Network difficulty in the pool's unit (docs/stratum-integration.md §5). */
  networkDifficulty: number;
}

/** What a miner submitted, with what the session knows about it. */
export interface ShareSubmission {
  jobId: string;
  /** The connection's extranonce1 (hex, 4 bytes: instance prefix + connection counter). */
  extranonce1: string;
  /** extranonce2 as sent (hex, exactly EXTRANONCE2_SIZE bytes). */
  extranonce2: string;
  ntime: string;
  nonce: string;
  /** The optional sixth parameter of mining.submit (BIP 310), hex. */
  versionBits?: string;
  /** The version-rolling mask negotiated with mining.configure (0 when none). */
  versionMask: number;
  /** The difficulty the share must meet, in stratum units of the coin's algorithm. */
  difficulty: number;
  /**
   * A lower difficulty the miner was told after this job was sent (vardiff or its own suggestion
   * lowered it). Miners apply a new difficulty to the job they are working on at once, so a share of
   * this job that misses `difficulty` but meets this one is accepted, credited at this one.
   */
  lowered?: number;
  /** Finder, for a found block: `<sub-account>` and worker. */
  account: string;
  worker: string;
  /** Whose check it is, for fairness between miners (the connection's IP group, ip-guard.ts). */
  source?: string;
}

export type ShareRejectCode = 20 | 21 | 22 | 23;

export type ShareCheckResult =
  | {
      ok: true;
      /** The share's own difficulty (stratum units), for best-share figures. */
      shareDifficulty: number;
      /** Set when the share met the network target: the block was submitted (or tried). */
      block?: FoundBlock;
      /** Set when the share met only the submission's `lowered` difficulty: it is credited at that. */
      creditedAt?: number;
    }
  | { ok: false; code: ShareRejectCode; reason: string };

export interface FoundBlock {
  coin: string;
  height: number;
  hash: string;
  /** The template's coinbase value, in the coin's base unit. */
  reward: bigint;
  /** Network difficulty in the pool's unit. */
  networkDifficulty: number;
  /** Whether the node accepted submitblock. */
  accepted: boolean;
  /** The node's reason when it did not. */
  rejectReason?: string;
}

/** A coin family's job stream and share checker, one per configured coin. */
export interface CoinWork {
  readonly coin: string;
  /** Stratum difficulty × this = difficulty in the pool's unit (1 for SHA-256d, 1 for Scrypt: see docs). */
  readonly poolUnitPerStratumDifficulty: number;
  /** BIP 310: the version bits miners may roll on this coin (mining.configure's mask is cut to it). */
  readonly versionRollingMask: number;
  /** The newest job, or undefined before the first template. */
  currentJob(): StratumJob | undefined;
  /** Called with every new job (cleanJobs says whether older work is void). */
  onJob(listener: (job: StratumJob) => void): void;
  /** Checks one share; when it is a block, submits it before answering. */
  check(submission: ShareSubmission): Promise<ShareCheckResult>;
  /** Another process of the instance heard of a new block: fetch work now (a no-op before start). */
  refreshWork(): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Seconds since the node last gave a template (its work goes stale when this grows); undefined before the first. */
  templateAgeSeconds?(): number | undefined;
}

/** What a coin tells the process's metrics. */
export interface CoinHooks {
  /** A node RPC call failed (not one the coin stopped itself). */
  rpcError?(method: string, err: Error): void;
}

/** Events for the pool's POST /api/internal/blocks (docs/stratum-integration.md §4). */
export type PoolBlockEvent =
  | { type: 'found'; coin: string; height: number; hash: string; reward: string; account: string; worker: string; difficulty: number; time: number }
  | { type: 'confirmations'; coin: string; hash: string; confirmations: number }
  | { type: 'orphaned'; coin: string; hash: string }
  | { type: 'network'; coin: string; difficulty: number; height: number; time: number };

export type FoundEvent = Extract<PoolBlockEvent, { type: 'found' }>;

/** Where the coin side sends block events; the server side implements it (durably, with the outbox). */
export interface BlockEventSink {
  publish(event: PoolBlockEvent): void;
}

export type ChainNetwork = 'mainnet' | 'testnet' | 'regtest';

/**
 * One bitcoin-family coin as the stratum config names it. The coin side builds its CoinWork from
 * this with `createBitcoinFamilyWork(options, sink, log)` in src/coin/bitcoin-family.ts.
 */
export interface BitcoinFamilyOptions {
  coin: 'btc' | 'ltc' | 'doge';
  network: ChainNetwork;
  rpc: { url: string; user?: string; password?: string };
  /** The pool's address the coinbase pays; checked with the node's validateaddress at start. */
  payoutAddress: string;
  /** Bytes of text in the coinbase script after the height (e.g. "/hashpool/"). */
  coinbaseTag: string;
  /** First byte of every extranonce1 of this process: unique per stratum process (0–255). */
  instancePrefix: number;
  /** Directory for the block tracker's state (pending blocks survive a restart). */
  dataDir: string;
  /** Tracker directories of processes the instance no longer runs: their pending blocks are taken over at start. */
  adoptTrackersFrom?: string[];
  /** Seconds between template refreshes with new transactions (default 30). */
  templateRefreshSeconds?: number;
  /** Optional ZMQ endpoint of the node's hashblock publisher (tcp://127.0.0.1:28332). */
  zmqHashblock?: string;
  /**
   * Long-poll the node for new blocks (default true). In a process group only process 0 does: each
   * long poll holds one of the node's few RPC threads until the next block, so one per process
   * could starve the node; the others hear of new blocks from process 0 (refreshWork).
   */
  longPoll?: boolean;
}

/** Extranonce sizes in bytes: extranonce1 = instance prefix (1) + connection counter (3). */
export const EXTRANONCE1_SIZE = 4;
export const EXTRANONCE2_SIZE = 4;

export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}
