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
 * The node gave no JSON-RPC answer: not reached, no answer in time, or an answer that is not
 * JSON-RPC (HTTP 401 for a wrong RPC password, another server on the port). Whether a call that
 * changes something took effect is unknown. Anything else a caller of the node meets (a database
 * error around the call) is not the node's, and is not reported as the node being down.
 */
export class NodeUnreachable extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'NodeUnreachable';
  }
}

/**
 * Calls `method` on the node at `url`. A JSON-RPC error in the answer throws NodeRpcError; no
 * JSON-RPC answer throws NodeUnreachable.
 */
export async function nodeRpc<T>(url: string, method: string, params: unknown[], timeoutMs: number): Promise<T> {
  const { username, password, origin, pathname } = new URL(url);
  let body: { result: T; error: { code?: number; message: string } | null };
  try {
    const response = await fetch(`${origin}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${decodeURIComponent(username)}:${decodeURIComponent(password)}`).toString('base64')}` },
      body: JSON.stringify({ jsonrpc: '1.0', id: method, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    // bitcoind answers an RPC error with HTTP 500 (404 for an unknown method) and the error in the
    // body, so the status alone says nothing; an answer without a JSON-RPC body is no answer.
    const text = await response.text();
    const parsed = parseJson(text);
    if (typeof parsed !== 'object' || parsed === null || !('result' in parsed || 'error' in parsed)) {
      throw new Error(`HTTP ${response.status} without a JSON-RPC answer${response.status === 401 ? ' (is the RPC user or password wrong?)' : ''}`);
    }
    body = parsed as typeof body;
  } catch (error) {
    throw new NodeUnreachable(`${method}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (body.error) throw new NodeRpcError(`${method}: ${body.error.message}`, body.error.code);
  return body.result;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
