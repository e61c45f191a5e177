// `npm run simulate`: the demo simulator as a separate stratum-node stand-in, posting batches over
// HTTP to a running server. SIMULATE_URL (default http://localhost:8080) and INGEST_KEY (one of the
// server's INGEST_KEYS) say where; the demo sub-accounts must exist (start the server with DEMO_SEED).
import { DEMO_WORKERS, startSimulator } from '../src/modules/mining/simulator';

const url = process.env.SIMULATE_URL ?? 'http://localhost:8080';
const key = process.env.INGEST_KEY;
if (!key) {
  console.error('set INGEST_KEY to one of the server\'s INGEST_KEYS');
  process.exit(2);
}
console.log(`simulating ${DEMO_WORKERS.length} demo workers into ${url} (Ctrl-C to stop)`);
startSimulator({
  workers: DEMO_WORKERS,
  intervalMs: 5_000,
  now: () => Date.now(),
  submit: async (batch_id, shares) => {
    const res = await fetch(`${url}/api/internal/shares`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ingest-key': key }, body: JSON.stringify({ batch_id, shares }) });
    const body = (await res.json()) as { data?: { accepted: number; refused: number } };
    console.log(`${batch_id}: ${res.status} accepted ${body.data?.accepted ?? 0}, refused ${body.data?.refused ?? 0}`);
  },
  blocks: async (events) => {
    await fetch(`${url}/api/internal/blocks`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ingest-key': key }, body: JSON.stringify({ events }) });
  },
  onError: (error) => console.error(String(error)),
});
