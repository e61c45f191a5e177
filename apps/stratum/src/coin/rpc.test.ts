import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { RpcClient, RpcError } from './rpc';

let server: Server | undefined;

// A node answering every call with `result` after `delayMs` (with `status`, an HTTP error without
// a body); `requests` holds what it was sent.
async function slowNode(delayMs: number, result: unknown = 'ok', status = 200) {
  const requests: Array<{ authorization?: string; url?: string }> = [];
  server = createServer((req, res) => {
    requests.push({ authorization: req.headers.authorization, url: req.url });
    req.resume();
    setTimeout(() => {
      res.statusCode = status;
      res.end(status === 200 ? JSON.stringify({ result, error: null, id: 1 }) : '');
    }, delayMs);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, requests };
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

describe('RpcClient', () => {
  it('keeps waiting on a long poll (timeoutMs 0) past the limit fetch puts on an answer', async () => {
    // fetch's limit is 300 s by default, too long for a test: shortened to 200 ms here (undici
    // checks it about once a second), it cuts a call with a time of its own; a long poll has none
    // (on a quiet chain it waits over 300 s, and the node would keep the RPC thread of a long poll
    // given up on busy until the next block).
    const { port } = await slowNode(1500);
    const rpc = new RpcClient({ url: `http://127.0.0.1:${port}/` }, { transportTimeoutMs: 200 });
    const timed = rpc.call('getblocktemplate', [], { timeoutMs: 10_000 }).catch((err: unknown) => err);
    await expect(rpc.call('getblocktemplate', [], { timeoutMs: 0 })).resolves.toBe('ok');
    const err = await timed;
    expect(err).toBeInstanceOf(RpcError);
    expect((err as RpcError).transport).toBe('unreachable');
  });

  it('reports an HTTP error without a JSON-RPC body as http', async () => {
    const { port } = await slowNode(0, undefined, 503);
    await expect(new RpcClient({ url: `http://127.0.0.1:${port}/` }).call('submitblock')).rejects.toMatchObject({ transport: 'http', message: 'submitblock: HTTP 503' });
  });

  it('reports a call stopped or out of time as aborted, and a refused connection as unreachable', async () => {
    const { port } = await slowNode(5000);
    const rpc = new RpcClient({ url: `http://127.0.0.1:${port}/` });
    const stop = new AbortController();
    const stopped = rpc.call('getblocktemplate', [], { timeoutMs: 0, signal: stop.signal }).catch((err: unknown) => err);
    setTimeout(() => stop.abort(), 50);
    expect(await stopped).toMatchObject({ transport: 'aborted' });
    await expect(rpc.call('getbestblockhash', [], { timeoutMs: 50 })).rejects.toMatchObject({ transport: 'aborted' });
    const refused = new RpcClient({ url: 'http://127.0.0.1:1/' });
    await expect(refused.call('getbestblockhash')).rejects.toMatchObject({ transport: 'unreachable' });
  });

  it('leaves nothing behind on a long-lived stop signal after each call', async () => {
    const { port } = await slowNode(0);
    const rpc = new RpcClient({ url: `http://127.0.0.1:${port}/` });
    const stop = new AbortController();
    for (let i = 0; i < 20; i++) await rpc.call('getbestblockhash', [], { timeoutMs: 5000, signal: stop.signal });
    // What Node keeps on the signal: its abort listeners, and the signals made from it by
    // AbortSignal.any (an internal set that held one signal per call for good, not a listener).
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
    const dependants = Object.getOwnPropertySymbols(stop.signal).find((k) => k.description === 'kDependantSignals');
    expect(dependants ? (stop.signal as unknown as Record<symbol, { size: number }>)[dependants]!.size : 0).toBe(0);
  });

  it('takes the user and password off an RPC URL that holds them, and keeps them out of its URL', async () => {
    const { port, requests } = await slowNode(0);
    const rpc = new RpcClient({ url: `http://hash%40pool:p%3Ass@127.0.0.1:${port}/wallet/x` });
    await expect(rpc.call('getbestblockhash')).resolves.toBe('ok');
    expect(requests).toEqual([{ authorization: `Basic ${Buffer.from('hash@pool:p:ss').toString('base64')}`, url: '/wallet/x' }]);
    expect(rpc.url).toBe(`http://127.0.0.1:${port}/wallet/x`);
    // A lone % in a password that is not percent-encoded is taken as written.
    await new RpcClient({ url: `http://u:50%zz@127.0.0.1:${port}/` }).call('getbestblockhash');
    expect(requests[1]!.authorization).toBe(`Basic ${Buffer.from('u:50%zz').toString('base64')}`);
    // Given on their own, they win over the URL.
    await new RpcClient({ url: `http://a:b@127.0.0.1:${port}/`, user: 'u', password: 'p' }).call('getbestblockhash');
    expect(requests[2]!.authorization).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);
  });

  it('tells onError of failed calls, but not of one its caller stopped', async () => {
    const { port } = await slowNode(300, undefined, 503);
    const failed: Array<[string, string | undefined]> = [];
    const rpc = new RpcClient({ url: `http://127.0.0.1:${port}/` }, { onError: (method, err) => void failed.push([method, err.transport]) });
    await expect(rpc.call('submitblock')).rejects.toThrow(RpcError);
    await expect(rpc.call('getbestblockhash', [], { timeoutMs: 50 })).rejects.toThrow(RpcError);
    const stop = new AbortController();
    const stopped = rpc.call('getblocktemplate', [], { timeoutMs: 0, signal: stop.signal }).catch((err: unknown) => err);
    setTimeout(() => stop.abort(), 20);
    expect(await stopped).toBeInstanceOf(RpcError);
    expect(failed).toEqual([
      ['submitblock', 'http'],
      ['getbestblockhash', 'aborted'],
    ]);
  });
});
