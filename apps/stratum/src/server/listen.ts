// Opening a port, the one way the stratum does it (its ports, a group primary's ports, metrics).
import type { AddressInfo, Server } from 'node:net';
import type { Logger } from '../coin/types.js';

export interface ListenOptions {
  log: Logger;
  /** Fields of every log line about this port (coin, port). */
  fields: Record<string, unknown>;
  /** Whether the port should still be open (false once its owner stops): a port closed for a lack of descriptors opens again only then. */
  wanted: () => boolean;
  /** How long a port closed for a lack of descriptors stays closed. */
  reopenAfterMs?: number;
}

/**
 * Listens on port and host: resolves once the server listens, rejects when it cannot (the port
 * taken, not permitted). Errors the server emits later are logged, and one kind is acted on: out
 * of file descriptors (EMFILE, ENFILE). libuv normally handles that itself (a reserve descriptor
 * lets it accept and close what waits, silently), but once that reserve is lost it calls back with
 * the error in a loop, without returning to the event loop, for as long as the port is open: the
 * process would hang. So the port is closed (which ends that loop; the connections it holds go on)
 * and opened again after a second, as long as it is still wanted.
 */
export async function listen(server: Server, port: number, host: string, options: ListenOptions): Promise<void> {
  await bind(server, port, host);
  // A port configured as 0 opens again on the one the system gave.
  const opened = (server.address() as AddressInfo).port;
  const { log, fields } = options;
  server.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EMFILE' && e.code !== 'ENFILE') return log.error('port error', { ...fields, error: e.message });
    if (!server.listening) return;
    server.close();
    log.error('port out of file descriptors: closed for now, new connections refused (raise the open-files limit)', { ...fields, error: e.message });
    const reopen = (): void => {
      if (!options.wanted() || server.listening) return;
      bind(server, opened, host).then(
        () => log.info('port open again', fields),
        (err: Error) => {
          log.error('port cannot open again: trying later', { ...fields, error: err.message });
          setTimeout(reopen, options.reopenAfterMs ?? 1000).unref();
        },
      );
    };
    setTimeout(reopen, options.reopenAfterMs ?? 1000).unref();
  });
}

function bind(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
