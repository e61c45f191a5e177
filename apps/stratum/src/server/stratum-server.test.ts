// The server opens a coin's ports only when told it is served (its node gave the first template),
// one coin at a time, so a coin whose node is not ready holds no other.
import { connect, createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../log.js';
import { FakeCoin } from '../../test/fake-coin.js';
import { defaultLimits } from '../../test/harness.js';
import { TestClient } from '../../test/stratum-client.js';
import { StratumServer } from './stratum-server.js';

const servers: StratumServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop(50);
});

function coin(name: string): FakeCoin {
  const c = new FakeCoin();
  Object.assign(c, { coin: name });
  return c;
}

function server(coins: FakeCoin[], primary?: { release(ip: string): void; ban(): void }, ports = [0]): StratumServer {
  const s = new StratumServer({
    instancePrefix: 7,
    listenHost: '127.0.0.1',
    coins: coins.map((work) => ({ work, ports: ports.map((port) => ({ port, startDifficulty: 16, minDifficulty: 1, maxDifficulty: 1 << 20 })) })),
    vardiff: { targetSeconds: 10, retargetSeconds: 90, variancePercent: 30 },
    limits: defaultLimits,
    checkAccount: async () => 'exists',
    recordShare: async () => undefined,
    log: silentLogger,
    ...(primary ? { primary } : {}),
  });
  servers.push(s);
  return s;
}

describe('a coin is served once its work is ready', () => {
  it('opens no port at start and each coin’s ports when it is served, the other coin’s staying closed', async () => {
    const ltc = coin('ltc');
    const doge = coin('doge');
    const s = server([ltc, doge]);
    await s.start();
    expect(s.served()).toEqual([]);
    expect(s.ports()).toEqual([0, 0]);
    ltc.newJob();
    await s.serve(ltc);
    await s.serve(ltc); // twice is harmless
    expect(s.served()).toEqual(['ltc']);
    const [ltcPort, dogePort] = s.ports();
    expect(ltcPort).toBeGreaterThan(0);
    expect(dogePort).toBe(0);
    const client = await TestClient.open(ltcPort!);
    expect(await client.login()).toMatch(/^07/);
    client.close();
    doge.newJob();
    await s.serve(doge);
    expect(s.served()).toEqual(['ltc', 'doge']);
    expect(s.ports()[1]).toBeGreaterThan(0);
  });

  it('names no coin served with a port that could not be opened, even when its other port opened', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    try {
      const ltc = coin('ltc');
      const s = server([ltc], undefined, [0, (taken.address() as { port: number }).port]);
      await s.start();
      ltc.newJob();
      await expect(s.serve(ltc)).rejects.toThrow(/EADDRINUSE/);
      expect(s.served()).toEqual([]);
    } finally {
      taken.close();
    }
  });

  it('in a process of a group, drops a connection handed over for a coin it does not serve yet and gives its slot back', async () => {
    const ltc = coin('ltc');
    const doge = coin('doge');
    const released: string[] = [];
    const s = server([ltc, doge], { release: (ip) => released.push(ip), ban: () => undefined });
    await s.start();
    await s.serve(ltc);
    // A socket pair stands in for the one the primary hands over.
    const accepted = new Promise<Socket>((resolve) => {
      const tcp = createServer((socket) => {
        tcp.close();
        resolve(socket);
      }).listen(0, '127.0.0.1', () => {
        const address = tcp.address();
        if (typeof address === 'object' && address) connect(address.port, '127.0.0.1').on('error', () => undefined).on('close', () => undefined);
      });
    });
    const socket = await accepted;
    s.adopt(1, socket, '10.0.0.9');
    expect(socket.destroyed).toBe(true);
    expect(released).toEqual(['10.0.0.9']);
  });
});
