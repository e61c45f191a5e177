// JSON-RPC 1.0 over HTTP, as bitcoind, litecoind and dogecoind speak it. The node answers errors
// with HTTP 500 and a JSON body { result: null, error: { code, message } }: the node's code is kept
// (for example -9 "not connected", -5 "block not found") because callers decide on it.
import { Agent, fetch } from 'undici';

/**
 * Whether the node surely did not take a call, so sending it again is safe and may succeed: it could
 * not be reached (connection refused or reset before an answer), answered an HTTP error without a
 * JSON-RPC body (503 "Work queue depth exceeded" when its RPC threads are all busy), or is warming
 * up (-28, RPC_IN_WARMUP). Not a timeout or an abort: the node may still be working on it.
 */
export function isNotTaken(err: unknown): boolean {
  return err instanceof RpcError && (err.code === -28 || err.transport === 'unreachable' || err.transport === 'http');
}

/** Bitcoin Core's "Block not found" (RPC_INVALID_ADDRESS_OR_KEY, -5), as getblockheader answers it. */
export function isBlockNotFound(err: unknown): boolean {
  return err instanceof RpcError && err.code === -5;
}

export class RpcError extends Error {
  constructor(
    readonly method: string,
    /** The node's error code; 0 when the failure was in transport (no answer, bad HTTP, bad JSON). */
    readonly code: number,
    message: string,
    /** For code 0: no answer (`unreachable`), the call's time ran out or it was stopped (`aborted`), or an HTTP error without a JSON-RPC body (`http`). */
    readonly transport?: 'unreachable' | 'aborted' | 'http',
  ) {
    super(`${method}: ${message}${code ? ` (code ${code})` : ''}`);
    this.name = 'RpcError';
  }
}

export interface RpcCallOptions {
  /** Milliseconds before the call is abandoned; 0 waits for ever (long polls). Default 30 s. */
  timeoutMs?: number;
  /** Aborts the call (stop of a long poll). */
  signal?: AbortSignal;
}

export interface RpcConfig {
  url: string;
  user?: string;
  password?: string;
}

export interface RpcClientOptions {
  /**
   * undici's limit on the wait for an answer's headers, and between parts of its body, for calls
   * with a time of their own (default 300 s, undici's; tests shorten it). Calls with timeoutMs 0
   * have no such limit.
   */
  transportTimeoutMs?: number;
  /** Told of every call that failed, except one stopped by its caller's signal (metrics). */
  onError?: (method: string, err: RpcError) => void;
}

export class RpcClient {
  /** The node's URL without user and password: what requests go to, and what may be logged. */
  readonly url: string;
  private readonly authorization: string | undefined;
  private nextId = 1;
  private readonly timed: Agent;
  // fetch (undici) gives up on an answer whose headers take over 300 s even without a signal: a
  // long poll on a quiet chain (test networks) waits longer, and the node keeps the RPC thread of a
  // long poll given up on busy until the next block, so they piled up. Calls that wait for ever
  // (timeoutMs 0) go through an agent without that limit: they end when answered or stopped.
  private readonly waiting = new Agent({ headersTimeout: 0, bodyTimeout: 0 });

  constructor(
    config: RpcConfig,
    private readonly options: RpcClientOptions = {},
  ) {
    const limit = options.transportTimeoutMs ?? 300_000;
    this.timed = new Agent({ headersTimeout: limit, bodyTimeout: limit });
    // fetch refuses a URL with credentials (http://user:pass@host/), which looked like a node
    // unreachable: they are taken off it, unless given on their own.
    const url = new URL(config.url);
    const user = config.user ?? (url.username ? decoded(url.username) : undefined);
    const password = config.password ?? decoded(url.password);
    url.username = '';
    url.password = '';
    this.url = url.href;
    this.authorization = user !== undefined ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : undefined;
  }

  async call<T>(method: string, params: unknown[] = [], options: RpcCallOptions = {}): Promise<T> {
    try {
      return await this.send<T>(method, params, options);
    } catch (err) {
      if (err instanceof RpcError && !options.signal?.aborted) this.options.onError?.(method, err);
      throw err;
    }
  }

  private async send<T>(method: string, params: unknown[], options: RpcCallOptions): Promise<T> {
    const timeoutMs = options.timeoutMs ?? 30_000;
    // One controller per call, tied to the caller's signal by a listener removed when the call ends.
    // Not AbortSignal.any([timeout, signal]): each such signal stays among the long-lived signal's
    // dependants for good (the template source's, one call a second: 53 bytes a call on Node 20).
    const controller = new AbortController();
    const timer = timeoutMs > 0 ? setTimeout(() => controller.abort(new DOMException('the call took too long', 'TimeoutError')), timeoutMs) : undefined;
    const callerAborted = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) callerAborted();
    else options.signal?.addEventListener('abort', callerAborted, { once: true });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.authorization) headers.authorization = this.authorization;
    try {
      // undici's own fetch: Node's global fetch bundles another undici, whose dispatcher interface
      // an undici 7 agent is not guaranteed to match.
      let response: Awaited<ReturnType<typeof fetch>>;
      try {
        response = await fetch(this.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ jsonrpc: '1.0', id: this.nextId++, method, params }),
          signal: controller.signal,
          dispatcher: timeoutMs > 0 ? this.timed : this.waiting,
        });
      } catch (err) {
        const name = (err as Error).name;
        throw new RpcError(method, 0, `node unreachable: ${(err as Error).message}`, name === 'TimeoutError' || name === 'AbortError' ? 'aborted' : 'unreachable');
      }
      const text = await response.text().catch(() => '');
      let body: { result?: unknown; error?: { code?: number; message?: string } | null } | undefined;
      try {
        body = text ? (JSON.parse(text) as typeof body) : undefined;
      } catch {
        body = undefined;
      }
      if (body?.error) throw new RpcError(method, body.error.code ?? 0, body.error.message ?? 'error');
      if (!response.ok || !body) {
        // 401 has no body: say so, since a wrong rpcpassword is the usual first mistake.
        const hint = response.status === 401 ? 'unauthorized (check the RPC user and password)' : `HTTP ${response.status}`;
        throw new RpcError(method, 0, hint, 'http');
      }
      return body.result as T;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', callerAborted);
    }
  }
}

/** A URL's user or password as written: a lone % (not percent-encoded) is kept, not a crash at start. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
