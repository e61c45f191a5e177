// JSON-RPC 1.0 over HTTP, as bitcoind, litecoind and dogecoind speak it. The node answers errors
// with HTTP 500 and a JSON body { result: null, error: { code, message } }: the node's code is kept
// (for example -9 "not connected", -5 "block not found") because callers decide on it.

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

export class RpcClient {
  private readonly authorization: string | undefined;
  private nextId = 1;

  constructor(private readonly config: RpcConfig) {
    this.authorization =
      config.user !== undefined
        ? `Basic ${Buffer.from(`${config.user}:${config.password ?? ''}`).toString('base64')}`
        : undefined;
  }

  async call<T>(method: string, params: unknown[] = [], options: RpcCallOptions = {}): Promise<T> {
    const timeoutMs = options.timeoutMs ?? 30_000;
    const signals: AbortSignal[] = [];
    if (timeoutMs > 0) signals.push(AbortSignal.timeout(timeoutMs));
    if (options.signal) signals.push(options.signal);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.authorization) headers.authorization = this.authorization;
    let response: Response;
    try {
      response = await fetch(this.config.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ jsonrpc: '1.0', id: this.nextId++, method, params }),
        signal: signals.length ? AbortSignal.any(signals) : undefined,
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
  }
}
