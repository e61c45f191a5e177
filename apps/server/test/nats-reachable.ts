// Whether the tests' NATS server answers, asked once per test file that needs one. CI has a NATS
// server and must run those tests: there an unreachable one fails the file. A machine without one
// skips them and says which.
import { connect } from 'nats';

export const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

/** True when NATS answers at NATS_URL; otherwise throws in CI, or warns that `skipped` is skipped. */
export async function natsReachable(skipped: string): Promise<boolean> {
  const reachable = await connect({ servers: NATS_URL, timeout: 1500 }).then(
    async (nc) => {
      await nc.close();
      return true;
    },
    () => false,
  );
  if (!reachable) {
    if (process.env.CI === 'true') throw new Error(`NATS is not reachable at ${NATS_URL}`);
    console.warn(`NATS is not reachable at ${NATS_URL}: ${skipped} is skipped`);
  }
  return reachable;
}
