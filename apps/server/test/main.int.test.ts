// The real process: config errors stop the start with every bad variable named; a running
// server answers, and SIGTERM lets it finish and exit 0.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { childPort } from './child-port';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', PGLITE_DATA_DIR: 'memory', WEB_DIST_DIR: '/nonexistent', ...env },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('main', () => {
  it('refuses to start on bad configuration, naming every bad variable', async () => {
    const p = start({ PORT: 'x', LOG_LEVEL: 'loud' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('PORT');
    expect(p.output()).toContain('LOG_LEVEL');
  });

  it('serves, then shuts down gracefully on SIGTERM', async () => {
    const port = await childPort();
    const p = start({ PORT: port, HOST: '127.0.0.1' });
    let health: unknown;
    // Up to a minute: the suite runs files in parallel on two cores, and a start migrates and seeds.
    for (let i = 0; i < 300 && !health; i++) {
      await new Promise((r) => setTimeout(r, 200));
      health = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.json()).catch(() => undefined);
    }
    expect(health).toMatchObject({ code: 0, data: { status: 'ok' } });
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  }, 90_000);
});
