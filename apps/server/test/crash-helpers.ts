// Crash tests' shared steps: a script run in a process of its own (killed with SIGKILL when told),
// and three runs killed mid-way, each once the count of what it writes has grown, then a last run
// that must finish.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ChildRun {
  exited: Promise<number | null>;
  kill: () => void;
}

/** Runs `script` (a path from the repository root) with tsx and `env` added; its output is printed when it fails. */
export function runChild(script: string, env: Record<string, string>): ChildRun {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  void exited.then((code) => {
    if (code !== 0 && code !== null) console.error(output);
  });
  return { exited, kill: () => child.kill('SIGKILL') };
}

/**
 * Three runs, each killed at a random moment once `written()` grew beyond what the last run left;
 * then a fourth that runs to its end. Answers `written()` after each kill and the last exit code.
 */
export async function killThreeTimesThenFinish(run: () => ChildRun, written: () => Promise<number>): Promise<{ seen: number[]; exitCode: number | null }> {
  const seen: number[] = [];
  for (let kill = 0; kill < 3; kill++) {
    const child = run();
    const before = await written();
    let done = false;
    void child.exited.then(() => (done = true));
    for (const deadline = Date.now() + 60_000; !done && Date.now() < deadline; await sleep(25)) {
      if ((await written()) > before) break;
    }
    await sleep(Math.floor(Math.random() * 150));
    child.kill();
    await child.exited;
    seen.push(await written());
  }
  return { seen, exitCode: await run().exited };
}
