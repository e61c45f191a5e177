// One process of a process group in the group test (src/server/process-group.test.ts): a
// StratumServer over a FakeCoin whose ports the primary owns, adopting what the primary hands over.
// Its instance prefix is 7 + its index, as processConfig gives it.
import type { Socket } from 'node:net';
import { silentLogger } from '../src/log.js';
import { followNewBlock, isHandOver, isNewBlock, READY, type ProcessReport } from '../src/server/process-group.js';
import { StratumServer } from '../src/server/stratum-server.js';
import { FakeCoin } from './fake-coin.js';
import { defaultLimits } from './harness.js';

const index = Number(process.env.GROUP_MEMBER_INDEX);
// EXIT_AT_START: a member that fails at every start (a crash loop).
if (process.env.EXIT_AT_START) process.exit(3);
const report = (m: ProcessReport) => process.connected && process.send?.(m);
const coin = new FakeCoin();
coin.newJob();
const server = new StratumServer({
  instancePrefix: 7 + index,
  listenHost: '127.0.0.1',
  coins: [{ work: coin, ports: [{ port: 0, startDifficulty: 16, minDifficulty: 1, maxDifficulty: 1 << 20 }] }],
  vardiff: { targetSeconds: 10, retargetSeconds: 90, variancePercent: 30 },
  limits: { ...defaultLimits, invalidSharesThreshold: 3, banSeconds: 60 },
  checkAccount: async (name) => (name.toLowerCase() === 'myfarm01' ? 'exists' : 'unknown'),
  recordShare: async () => undefined,
  log: silentLogger,
  primary: {
    release: (ip, listener) => report({ hashpool: 'released', ip, listener }),
    ban: (ip, seconds) => report({ hashpool: 'ban', ip, seconds }),
  },
});
// START_WHEN_ASKED: a member still starting (as one recovering its outbox and connecting to its
// nodes is) until the test sends { test: 'start' }; it says { test: 'starting' } once it listens.
if (process.env.START_WHEN_ASKED) {
  const asked = new Promise<void>((r) => process.on('message', (m: { test?: string }) => m?.test === 'start' && r()));
  process.send?.({ test: 'starting' });
  await asked;
}
await server.start();
await server.serve(coin);
process.on('message', (m: unknown, socket?: unknown) => {
  // The new-block relay: what the member does with it, then its refresh count back to the test.
  if (isNewBlock(m)) {
    followNewBlock([coin], m);
    process.send?.({ test: 'refreshes', n: coin.refreshes });
    return;
  }
  // The test has this member report a new block, as process 0 does when its long poll returns.
  const asked = m as { test?: string; prevHash?: string };
  if (asked.test === 'report-new-block') return report({ hashpool: 'new-block', coin: coin.coin, prevHash: asked.prevHash! });
  if (!isHandOver(m)) return;
  if (socket) server.adopt(m.listener, socket as Socket, m.ip);
  else report({ hashpool: 'released', ip: m.ip, listener: m.listener });
});
process.on('SIGTERM', () => void server.stop(100).then(() => process.exit(0)));
process.send?.(READY);
// FATAL_AFTER_READY: a member whose coin fails for good once it started (its node refuses the payout address).
if (process.env.FATAL_AFTER_READY) {
  report({ hashpool: 'fatal', error: 'payoutAddress refused by the node' });
  process.exit(1);
}
// SERVE_AFTER=asked: a member whose node gives its first template only when the test sends
// { test: 'serve' }.
if (process.env.SERVE_AFTER === 'asked') await new Promise<void>((r) => process.on('message', (m: { test?: string }) => m?.test === 'serve' && r()));
report({ hashpool: 'serving', coin: coin.coin });
