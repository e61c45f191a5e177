import { connect, createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { until } from '../../test/until.js';
import { listen, type ListenOptions } from './listen.js';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

function server(): Server {
  const s = createServer((socket) => socket.end());
  servers.push(s);
  return s;
}

function options(wanted = () => true): ListenOptions & { lines: string[] } {
  const lines: string[] = [];
  const log = { info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`), error: (m: string) => lines.push(`error ${m}`) };
  return { lines, log, fields: { coin: 'ltc' }, wanted, reopenAfterMs: 50 };
}

const emfile = () => Object.assign(new Error('accept EMFILE'), { code: 'EMFILE' });

/** Whether a connection to the port is accepted (the server ends it at once) or refused. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const c = connect(port, '127.0.0.1');
    c.on('connect', () => (c.destroy(), resolve(true)));
    c.on('error', () => resolve(false));
  });

it('resolves once listening and logs later server errors, so none ends the process', async () => {
  const o = options();
  const s = server();
  await listen(s, 0, '127.0.0.1', o);
  expect(s.listening).toBe(true);
  // Twice: with only a once-listener of its own, the second 'error' event would throw.
  s.emit('error', new Error('something'));
  s.emit('error', new Error('something'));
  expect(o.lines).toEqual(['error port error', 'error port error']);
  expect(s.listening).toBe(true);
});

it('closes the port out of file descriptors at once (ending libuv’s accept loop) and opens it again on the same port', async () => {
  const o = options();
  const s = server();
  await listen(s, 0, '127.0.0.1', o); // configured 0: the system's port is the one opened again
  const port = (s.address() as AddressInfo).port;
  // libuv calls back again and again in one go once its reserve descriptor is lost.
  s.emit('error', emfile());
  s.emit('error', emfile());
  expect(s.listening).toBe(false);
  expect(await accepts(port)).toBe(false);
  expect(o.lines).toEqual(['error port out of file descriptors: closed for now, new connections refused (raise the open-files limit)']);
  await until(() => s.listening);
  expect((s.address() as AddressInfo).port).toBe(port);
  expect(await accepts(port)).toBe(true);
  expect(o.lines.at(-1)).toBe('info port open again');
});

it('does not open a port again once its owner no longer wants it (stopping)', async () => {
  let wanted = true;
  const o = options(() => wanted);
  const s = server();
  await listen(s, 0, '127.0.0.1', o);
  s.emit('error', emfile());
  wanted = false;
  await new Promise((r) => setTimeout(r, 200));
  expect(s.listening).toBe(false);
});

it('rejects when the port cannot be opened, logging nothing', async () => {
  const taken = server();
  await listen(taken, 0, '127.0.0.1', options());
  const o = options();
  await expect(listen(server(), (taken.address() as AddressInfo).port, '127.0.0.1', o)).rejects.toThrow(/EADDRINUSE/);
  expect(o.lines).toEqual([]);
});
