// First-screen budget: the gzip size of all JavaScript the Home route loads, read from Vite's
// manifest: the entry and its static imports, plus the Home page's lazy chunk and its static
// imports, each file counted once. Exits 1 over the goal, and when a library that belongs to the
// pages using it (ECharts, the date pickers and dayjs) reaches the first screen: the build's
// .vite/chunk-modules.json (apps/web/vite.config.ts) says which modules each chunk holds.
// Run after `npm run build`; `npm test` runs it after its build.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const GOAL_KB = 250;
const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const HOME_PAGE = 'src/features/content/pages/HomePage.tsx';

const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));
const CHUNK_MODULES = path.join(DIST, '.vite/chunk-modules.json');

/**
 * Modules that load only with the pages that use them. Ant Design's default (en_US) texts include
 * the pickers' locale objects: those few lines are allowed, the pickers are not.
 */
const LAZY_ONLY = [
  { name: 'ECharts', pattern: /node_modules\/(echarts|zrender)\// },
  { name: 'date picker', pattern: /node_modules\/(antd\/es\/(date-picker|time-picker|calendar)|@rc-component\/picker)\/(?!(es\/)?locale\/)/ },
  { name: 'dayjs', pattern: /node_modules\/dayjs\// },
];

/** The chunk keys reachable from `key` through static imports, `key` included. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Not in the manifest: ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entries.length !== 1) throw new Error(`Expected one entry, found ${entries.length}`);
const keys = new Set([...staticClosure(entries[0]), ...staticClosure(HOME_PAGE)]);
const files = [...new Set([...keys].map((key) => manifest[key].file))].filter((file) => file.endsWith('.js'));

let total = 0;
const rows = files.map((file) => {
  const size = gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
  total += size;
  return { file, size };
});
if (process.argv.includes('--verbose')) {
  for (const { file, size } of rows.sort((a, b) => b.size - a.size)) console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}

const totalKb = total / 1024;
console.log(`home-route-js-gzip: ${totalKb.toFixed(1)} KB (goal <= ${GOAL_KB} KB)`);

let misplaced = 0;
if (!existsSync(CHUNK_MODULES)) {
  console.log('No .vite/chunk-modules.json: build with apps/web/vite.config.ts (its chunkModules plugin) first.');
  process.exit(1);
}
{
  const chunkModules = JSON.parse(readFileSync(CHUNK_MODULES, 'utf8'));
  for (const { name, pattern } of LAZY_ONLY) {
    const found = files.flatMap((file) => (chunkModules[file] ?? []).filter((id) => pattern.test(id)).map((id) => `${file}: ${id}`));
    if (found.length === 0) continue;
    misplaced += found.length;
    console.log(`${name} is on the first screen (it belongs to the pages that use it):`);
    for (const line of found.slice(0, 10)) console.log(`  ${line}`);
  }
  if (misplaced === 0) console.log(`off the first screen: ${LAZY_ONLY.map(({ name }) => name).join(', ')}`);
}
if (totalKb > GOAL_KB || misplaced > 0) process.exit(1);
