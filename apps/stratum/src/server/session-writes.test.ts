// How a session hands its lines to the socket: one write per turn, nothing after a close for a
// peer that does not read, and the turn's lines before the end of a graceful stop. A stand-in
// socket records the writes (over real sockets the kernel's buffers hide both).
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../log.js';
import { Session, type SessionContext } from './session.js';

function standIn() {
  const calls: string[] = [];
  const socket = Object.assign(new EventEmitter(), {
    remoteAddress: '127.0.0.1',
    writableLength: 0,
    destroyed: false,
    setNoDelay: () => undefined,
    write: (text: string) => void calls.push(`write:${text}`),
    end: () => void calls.push('end'),
    destroy: () => {
      socket.destroyed = true;
      calls.push('destroy');
    },
  });
  const ctx = {
    port: { port: 0, startDifficulty: 1, minDifficulty: 1, maxDifficulty: 1 },
    vardiff: { targetSeconds: 10, retargetSeconds: 90, variancePercent: 30 },
    invalidShares: { windowSeconds: 60, threshold: 100, banSeconds: 600 },
    proxyProtocol: false,
    releaseExtranonce: () => undefined,
    log: silentLogger,
    now: () => Date.now(),
  } as unknown as SessionContext;
  return { socket, calls, session: new Session(socket as unknown as Socket, ctx) };
}

const reconnectLine = '{"id":null,"method":"client.reconnect","params":[]}\n';
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('session writes', () => {
  it('sends the lines of one turn in one write, in order, after the turn', async () => {
    const { session, calls } = standIn();
    session.reconnect();
    session.reconnect();
    expect(calls).toEqual([]);
    await turn();
    expect(calls).toEqual([`write:${reconnectLine}${reconnectLine}`]);
    session.reconnect();
    await turn();
    expect(calls).toHaveLength(2);
  });

  it('ends a connection after the lines written before the end', () => {
    const { session, calls } = standIn();
    session.reconnect();
    session.end();
    expect(calls).toEqual([`write:${reconnectLine}`, 'end']);
  });

  it('closes a peer whose unread lines pass 64 KB, without sending it more', async () => {
    const { session, socket, calls } = standIn();
    socket.writableLength = 64 * 1024 - 10;
    session.reconnect();
    expect(session.closed).toBe(true);
    await turn();
    expect(calls).toEqual(['destroy']);
  });
});
