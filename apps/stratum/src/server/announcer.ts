// Tells the pool which stratum endpoints this process serves, at start and every interval:
// POST {poolUrl}/api/internal/stratum/endpoints. A failure is only logged; the next round retries.
import type { Logger } from '../coin/types.js';
import type { CoinConfig } from '../config.js';

export interface EndpointAnnouncement {
  instance: string;
  endpoints: Array<{ coin: string; url: string; start_difficulty: number; min_difficulty: number; max_difficulty: number }>;
}

export function announcement(instanceId: string, publicHost: string, coins: CoinConfig[]): EndpointAnnouncement {
  return {
    instance: instanceId,
    endpoints: coins.flatMap((c) =>
      c.ports.map((p) => ({
        coin: c.coin,
        url: `stratum+tcp://${publicHost}:${p.port}`,
        start_difficulty: p.startDifficulty,
        min_difficulty: p.minDifficulty,
        max_difficulty: p.maxDifficulty,
      })),
    ),
  };
}

export function startAnnouncer(opts: {
  poolUrl: string;
  ingestKey: string;
  /** Asked at every round: the endpoints of the coins served now. */
  body: () => EndpointAnnouncement;
  intervalSeconds: number;
  log: Logger;
  fetchImpl?: typeof fetch;
}): { stop(): void; announce(): Promise<boolean> } {
  const url = `${opts.poolUrl.replace(/\/$/, '')}/api/internal/stratum/endpoints`;
  // One announcement at a time, the body taken when it goes: the pool replaces the instance's
  // endpoints with each, so an older, smaller one landing after a newer one would hide a coin
  // until the next round. A call meanwhile waits for the one in flight and then sends afresh.
  let inFlight: Promise<boolean> = Promise.resolve(true);
  const announce = (): Promise<boolean> => {
    inFlight = inFlight.then(send, send);
    return inFlight;
  };
  const send = async (): Promise<boolean> => {
    try {
      const res = await (opts.fetchImpl ?? fetch)(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-key': opts.ingestKey },
        body: JSON.stringify(opts.body()),
        signal: AbortSignal.timeout(10_000),
      });
      if (res.ok) return true;
      opts.log.warn('endpoint announcement refused by the pool', { status: res.status });
    } catch (err) {
      opts.log.warn('endpoint announcement failed', { err: String(err) });
    }
    return false;
  };
  // The first goes at once, with what is served at start (nothing, before any coin's first template).
  inFlight = send();
  const timer = setInterval(() => void announce(), opts.intervalSeconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer), announce };
}
