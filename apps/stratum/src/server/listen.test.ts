import { createServer, type Server } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { listen } from './listen.js';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

function server(): Server {
  const s = createServer();
  servers.push(s);
  return s;
}

it('resolves once listening and hands every later server error to onError, so none ends the process', async () => {
  const errors: string[] = [];
  const s = server();
  await listen(s, 0, '127.0.0.1', (e) => errors.push(e.message));
  expect(s.listening).toBe(true);
  // An accept failing at the file-descriptor limit, twice: the second had no listener left when
  // the listen's own error handler was the only one (an uncaught 'error' event throws).
  s.emit('error', new Error('accept EMFILE'));
  s.emit('error', new Error('accept EMFILE'));
  expect(errors).toEqual(['accept EMFILE', 'accept EMFILE']);
});

it('rejects when the port cannot be opened', async () => {
  const taken = server();
  await listen(taken, 0, '127.0.0.1', () => undefined);
  const port = (taken.address() as { port: number }).port;
  const errors: Error[] = [];
  await expect(listen(server(), port, '127.0.0.1', (e) => errors.push(e))).rejects.toThrow(/EADDRINUSE/);
  expect(errors).toEqual([]);
});
