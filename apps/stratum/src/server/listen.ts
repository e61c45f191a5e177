// Opening a port, the one way the stratum does it (its ports, a group primary's ports, metrics).
import type { Server } from 'node:net';

/**
 * Listens on port and host: resolves once the server listens, rejects when it cannot (the port
 * taken, not permitted). Errors the server emits after that go to onError instead: an accept that
 * fails at the file-descriptor limit (EMFILE) is one, and the port keeps serving the connections
 * it holds. With no listener left, such an 'error' event would end the process.
 */
export async function listen(server: Server, port: number, host: string, onError: (error: Error) => void): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', onError);
}
