// A coin node's JSON-RPC over HTTP (Bitcoin Core and its forks): basic auth, errors with the
// node's code, a timeout per call (long polls pass a longer one).
export class RpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
  ) {
    super(`${method}: ${message} (${code})`);
    this.name = 'RpcError';
  }
}

export class NodeRpc {
  private id = 0;
  private readonly authorization: string | undefined;

  constructor(
    private readonly url: string,
    user?: string,
    password?: string,
  ) {
    this.authorization = user !== undefined ? `Basic ${Buffer.from(`${user}:${password ?? ''}`).toString('base64')}` : undefined;
  }

  async call<T>(method: string, params: unknown[] = [], timeoutMs = 15_000): Promise<T> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.authorization ? { authorization: this.authorization } : {}) },
      body: JSON.stringify({ jsonrpc: '1.0', id: ++this.id, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed: { result?: T; error?: { code: number; message: string } | null };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      throw new RpcError(method, res.status, `HTTP ${res.status}: ${text.slice(0, 200)}`);
    }
    if (parsed.error) throw new RpcError(method, parsed.error.code, parsed.error.message);
    return parsed.result as T;
  }
}
