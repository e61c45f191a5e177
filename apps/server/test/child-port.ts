// A port for a server process a test starts. Below the kernel's range of ephemeral ports (32768
// and up on Linux, 49152 on others), so that no outgoing connection of the tests running beside it
// (to PostgreSQL, NATS, Redis) is given it before the child listens: a CI run failed on exactly that
// (EADDRINUSE with a port drawn from 20000-39999). And free at the moment it is picked.
import { createServer } from 'node:net';

export async function childPort(): Promise<string> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return String(port);
  }
}
