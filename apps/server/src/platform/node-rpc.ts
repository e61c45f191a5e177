// One call of a bitcoind-style node's JSON-RPC (wallet nodes of the chain adapter, network data of
// the market-data adapter). The URL carries the RPC user and password
// (http://user:pass@host:port); they travel as Basic authentication, never in the logged URL.

/** The node answered with a JSON-RPC error: it understood the call and refused it. */
export class NodeRpcError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
  ) {
    super(message);
    this.name = 'NodeRpcError';
  }
}

/**
 * Calls `method` on the node at `url`. A JSON-RPC error in the answer throws NodeRpcError; no
 * answer, a time-out or an answer that is not JSON-RPC is thrown as it is.
 */
export async function nodeRpc<T>(url: string, method: string, params: unknown[], timeoutMs: number): Promise<T> {
  const { username, password, origin, pathname } = new URL(url);
  const response = await fetch(`${origin}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${decodeURIComponent(username)}:${decodeURIComponent(password)}`).toString('base64')}` },
    body: JSON.stringify({ jsonrpc: '1.0', id: method, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  // bitcoind answers an RPC error with HTTP 500 and the error in the body.
  const body = (await response.json()) as { result: T; error: { code?: number; message: string } | null };
  if (body.error) throw new NodeRpcError(`${method}: ${body.error.message}`, body.error.code);
  return body.result;
}
