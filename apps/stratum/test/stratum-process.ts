// The stratum server as its own process, as operators run it (`npm run stratum` with a JSON
// configuration), for the chain tests: started, waited for, stopped gracefully or killed.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export interface StratumProcess {
  /** Everything the process printed (its JSON log lines). */
  log(): string;
  /** SIGTERM and wait for the exit (client.reconnect to miners, the outbox drains a little). */
  stop(): Promise<void>;
  /** SIGKILL: a crash, nothing finished. */
  kill(): Promise<void>;
}

/** Polls `probe` every 250 ms until it returns something truthy; fails after `timeoutMs` with `context()`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 60_000, context: () => string = () => ''): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${context().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Writes `config` to `file` and starts the process; resolves once `ready` holds for its log (by default: it logged "stratum started"). */
export async function startStratumProcess(file: string, config: Record<string, unknown>, ready: (log: string) => boolean = (log) => log.includes('stratum started')): Promise<StratumProcess> {
  writeFileSync(file, JSON.stringify(config));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../src/main.ts')], {
    env: { ...process.env, STRATUM_CONFIG: file },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Never outlive the test process, whatever fails.
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);
  const end = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    process.off('exit', onExit);
  };
  await until('the stratum process', async () => {
    if (child.exitCode !== null) throw new Error(`the stratum process exited with ${child.exitCode}:\n${output}`);
    return ready(output);
  }, 60_000, () => output);
  return { log: () => output, stop: end('SIGTERM'), kill: end('SIGKILL') };
}
