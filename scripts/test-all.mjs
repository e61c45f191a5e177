// `npm test`: every suite, in order of cost. The stratum server's chain tests on two Litecoin Core
// regtest nodes (in the background from the start, beside the stages up to the integration suite);
// unit tests; the web components in jsdom; the integration suite on embedded PGlite and again on
// the PostgreSQL server (a database per test file, all dropped afterwards); the web build and the
// end-to-end tests in Chromium against the built app, which come last. Prints one total at the end.
// With CI=true a missing PostgreSQL server is a failure; elsewhere it is skipped with a note.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import pg from 'pg';

const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CI = process.env.CI === 'true' || process.env.CI === '1';
const OUT = 'test-results';
mkdirSync(OUT, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each failed vitest test with the first lines of its error: printed last, where CI's kept tail shows it. */
const failedTests = [];

const stages = [];

/** The machine's CPU counters (all cores): busy and total jiffies, to tell how busy a stage kept the cores. */
function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - fields[3] - (fields[4] ?? 0), total }; // idle and iowait are not busy
  } catch {
    return undefined; // not Linux
  }
}

/** `label: 123 s`, with how busy the cores were meanwhile (what a stage leaves idle could run beside it). */
function stageTime(label, started, cpu) {
  const now = cpuTimes();
  const busy = cpu && now && now.total > cpu.total ? `, cores ${Math.round((100 * (now.busy - cpu.busy)) / (now.total - cpu.total))} % busy` : '';
  return `${label}: ${Math.round((Date.now() - started) / 1000)} s${busy}`;
}

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const cpu = cpuTimes();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  // Each stage's time, so that the CI budget can be watched stage by stage.
  stages.push(stageTime(label, started, cpu));
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

/**
 * A vitest stage started in the background, its output in a file (printed whole when it ends, so
 * it does not interleave with the stage in front); the function it returns waits for it (at most
 * `limitMs` from its start: past that its whole process group, coin nodes included, is killed and
 * the stage fails) and counts its tests.
 */
function vitestInBackground(label, projects, file, env, limitMs) {
  rmSync(file, { force: true });
  const log = `${file}.log`;
  const out = openSync(log, 'w');
  const selected = [projects].flat().flatMap((project) => ['--project', project]);
  const started = Date.now();
  // Its own process group, so that a kill reaches the nodes and servers its tests started.
  const child = spawn('npx', ['vitest', 'run', ...selected, '--reporter=default', '--reporter=json', `--outputFile=${file}`], { stdio: ['ignore', out, out], env: { ...process.env, ...env }, detached: true });
  let running = true;
  const killGroup = () => {
    if (!running) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  // An interrupted run (a failed stage's exit, Ctrl-C) leaves no coin node behind.
  process.on('exit', killGroup);
  const ended = new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  }).then((code) => {
    running = false;
    return code;
  });
  console.log(`\n=== ${label}: started in the background (its output when it ends) ===`);
  return async () => {
    let timer;
    // At least 5 s: this process was blocked in the stages in front, so a child that ended long ago
    // has its exit delivered only now, after a timer of 0 would have fired (one CI run failed so).
    const deadline = new Promise((resolve) => (timer = setTimeout(() => resolve('late'), Math.max(5000, started + limitMs - Date.now()))));
    let code = await Promise.race([ended, deadline]);
    clearTimeout(timer);
    if (code === 'late') {
      killGroup();
      await ended;
      code = 'late';
    }
    closeSync(out);
    console.log(`\n=== ${label} (ran in the background) ===\n${readFileSync(log, 'utf8')}`);
    // The stage in front blocks this process, so the end is read off the log's last write.
    stages.push(`${label}: ${Math.round((statSync(log).mtimeMs - started) / 1000)} s, beside the stages in front of its end`);
    if (code === 'late') failures.push(`${label} (killed after ${Math.round(limitMs / 60_000)} min)`);
    else if (code !== 0) failures.push(label);
    addVitest(file);
  };
}

function addVitest(file) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    for (const file of r.testResults ?? []) {
      const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failed) failedTests.push(`${file.name.replace(`${process.cwd()}/`, '')} › ${t.fullName}\n    ${(t.failureMessages ?? []).join('\n').split('\n').slice(0, 6).join('\n    ')}`);
      // A file that failed outside its tests (its import, a hook) has no failed test to name.
      if (!failed.length && file.status === 'failed') failedTests.push(`${file.name.replace(`${process.cwd()}/`, '')}\n    ${String(file.message ?? '').split('\n').slice(0, 6).join('\n    ')}`);
    }
  } catch {
    totals.failed += 1; // no report: the run itself broke
  }
}

function vitest(label, projects, file, env = {}) {
  rmSync(file, { force: true });
  const selected = [projects].flat().flatMap((project) => ['--project', project]);
  run(label, 'npx', ['vitest', 'run', ...selected, '--reporter=default', '--reporter=json', `--outputFile=${file}`], env);
  addVitest(file);
}

/** The titles of the tests of a Playwright JSON report whose outcome is `status` ('flaky', 'unexpected'). */
function testsWithStatus(suites = [], status) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) => spec.tests.filter((t) => t.status === status).map((t) => `${spec.file} › ${spec.title} [${t.projectName}]`)),
    ...testsWithStatus(suite.suites, status),
  ]);
}

/**
 * A failed end-to-end test leaves what its page showed (error-context.md: the accessibility tree at
 * the failure) beside its trace. CI's clean clone is gone afterwards and only its output is kept,
 * so the page is printed there: a flake that does not come back can still be read.
 */
function printPageSnapshots() {
  const contexts = [];
  for (const dir of readdirSync(OUT).filter((d) => d.startsWith('playwright-'))) {
    for (const test of readdirSync(`${OUT}/${dir}`)) {
      const file = `${OUT}/${dir}/${test}/error-context.md`;
      if (existsSync(file)) contexts.push(file);
    }
  }
  for (const file of contexts.slice(0, 3)) {
    const text = readFileSync(file, 'utf8');
    // The accessibility tree is the file's YAML block (Playwright 1.5x; older ones had it under a
    // "# Page snapshot" heading).
    const yaml = /```yaml\n([\s\S]*?)\n```/.exec(text);
    const snapshot = (yaml ? yaml[1] : text.slice(Math.max(0, text.indexOf('# Page snapshot')))).split('\n');
    // An open dialog is where the test was; otherwise the page from its top.
    const from = Math.max(0, snapshot.findIndex((line) => /^\s*- dialog\b/.test(line)));
    const shown = snapshot.slice(from, from + 150);
    console.log(`\n--- ${file}, page snapshot lines ${from + 1} to ${from + shown.length} of ${snapshot.length} ---\n${shown.join('\n')}`);
  }
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Drops what a stage's test files left (a crashed file's database); a failure to is only said. */
async function dropLeftDatabases(prefix) {
  try {
    const left = await dropDatabases(prefix);
    if (left > 0) console.log(`dropped ${left} test database(s) left by the run`);
  } catch (error) {
    console.log(`(the test databases ${prefix}* could not be dropped: ${error})`);
  }
}

async function dropDatabases(prefix) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  const { rows } = await client.query('select datname from pg_database where datname like $1', [`${prefix}%`]);
  for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  await client.end();
  return rows.length;
}

/** The chain stage, running beside the unit and integration stages; awaited before the end-to-end tests. */
let chainStage;
/** The chain stage's databases, dropped when it has ended. */
const chainPrefix = `hp_chain_${randomBytes(4).toString('hex')}`;
const postgres = await postgresReachable();
// The stratum server's proof on a real chain: two Litecoin Core regtest nodes, Hashpool on
// PostgreSQL. Most of its three minutes wait on the nodes and on a stopped API, so it runs in the
// background from the start (free ports, its own databases), beside the unit and integration
// stages, and is awaited before the end-to-end tests: beside those (until 4 December) it competed
// with the one browser and server for the cores (e2e 1,169 s alone, 1,657 s in that CI run).
// It takes about 3 minutes alone; 20 is a hang.
if (postgres && run('litecoind', 'node', ['scripts/ensure-packages.mjs', 'litecoind'])) {
  chainStage = vitestInBackground('chain tests (Litecoin regtest)', 'chain', `${OUT}/vitest-chain.json`, { TEST_DATABASE_URL: PG_URL, TEST_DB_PREFIX: chainPrefix }, 20 * 60_000);
}

vitest('unit tests', ['unit', 'unit-isolated'], `${OUT}/vitest-unit.json`);
vitest('web component tests', 'web', `${OUT}/vitest-web.json`);
vitest('integration tests on PGlite', 'integration', `${OUT}/vitest-int-pglite.json`);

if (postgres) {
  const prefix = `hp_run_${randomBytes(4).toString('hex')}`;
  vitest('integration tests on PostgreSQL', 'integration', `${OUT}/vitest-int-postgres.json`, { TEST_DATABASE_URL: PG_URL, TEST_DB_PREFIX: prefix });
  await dropLeftDatabases(prefix);
} else if (CI) {
  console.error(`\nPostgreSQL is not reachable at ${PG_URL}: CI must run the integration suite on it.`);
  failures.push('integration tests on PostgreSQL (server unreachable)');
} else {
  console.log(`\nNote: PostgreSQL not reachable at ${PG_URL}; the integration suite ran on PGlite only (set TEST_PG_URL).`);
}

// The chain stage ends before the end-to-end tests start (usually long before: it is shorter than
// the stages above), so that it never shares the cores with the browser and the servers.
if (chainStage) {
  await chainStage();
  await dropLeftDatabases(chainPrefix);
}

if (run('chromium', 'node', ['scripts/ensure-packages.mjs', 'chromium']) && run('web build', 'npm', ['run', 'build'])) {
  run('first-screen size', 'node', ['scripts/bench-bundle.mjs']);
  const report = `${OUT}/playwright.json`;
  rmSync(report, { force: true });
  const passed = run('end-to-end tests in Chromium', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  try {
    const { stats, suites } = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    // Passed on their second attempt: named, so that a flake is seen and fixed, not lived with.
    const flaky = testsWithStatus(suites, 'flaky');
    if (flaky.length) console.log(`\nflaky (failed once, then passed): ${flaky.length}\n${flaky.map((title) => `  ${title}`).join('\n')}`);
    if (!passed || flaky.length) {
      try {
        printPageSnapshots();
      } catch (error) {
        console.log(`(the pages of the failed tests could not be printed: ${error})`);
      }
    }
  } catch {
    totals.failed += 1;
  }
}

if (failedTests.length) console.log(`\nfailed tests (vitest): ${failedTests.length}\n${failedTests.slice(0, 10).map((t) => `  ${t}`).join('\n')}`);
console.log(`\n${stages.join('\n')}`);
if (failures.length) console.log(`Failed stages: ${failures.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
