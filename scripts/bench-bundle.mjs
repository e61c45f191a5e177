// First-screen budget: the gzip size of all JavaScript the Home route loads, read from Vite's
// manifest: the entry and its static imports, plus the Home page's lazy chunk and its static
// imports, each file counted once. Exits 1 over the goal, and when a library that belongs to the
// pages using it (ECharts, the date pickers and dayjs) reaches the first screen: the build's
// .vite/chunk-modules.json (apps/web/vite.config.ts) says which modules each chunk holds.
//
// Then the bytes on the wire of a cold home page (empty cache, logged out): index.html, the favicon,
// the JavaScript above, the stylesheets and what they load (fonts, images), each as the server sends
// it to a browser that accepts br (the build's .br beside the file, else the file; see
// apps/server/src/platform/spa.ts), with the gzip and the uncompressed figures beside it. Exits 1
// when that is over its goal too. API answers and HTTP headers are not counted.
// Run after `npm run build`; `npm test` runs it after its build.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const GOAL_KB = 180;
const WIRE_GOAL_KB = 400;
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
/** Stylesheets and the files they load (fonts, images), of the same chunks. */
const otherFiles = [...new Set([...keys].flatMap((key) => [...(manifest[key].css ?? []), ...(manifest[key].assets ?? [])]))];

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

/** The bytes of `file` as sent for an Accept-Encoding that allows `encoding`, and uncompressed. */
function wireSize(file, encoding) {
  const compressed = path.join(DIST, `${file}.${encoding}`);
  return existsSync(compressed) ? statSync(compressed).size : statSync(path.join(DIST, file)).size;
}
const htmlFiles = ['index.html', ...['favicon.svg'].filter((file) => existsSync(path.join(DIST, file)))];
const coldHome = [...htmlFiles, ...files, ...otherFiles];
const wire = { br: 0, gz: 0, raw: 0 };
for (const file of coldHome) {
  wire.br += wireSize(file, 'br');
  wire.gz += wireSize(file, 'gz');
  wire.raw += statSync(path.join(DIST, file)).size;
}
const missing = coldHome.filter((file) => !existsSync(path.join(DIST, `${file}.br`)) && statSync(path.join(DIST, file)).size >= 1024);
const wireKb = wire.br / 1024;
console.log(
  `cold-home-wire: ${wireKb.toFixed(1)} KB br (goal <= ${WIRE_GOAL_KB} KB); ${(wire.gz / 1024).toFixed(1)} KB gzip, ` +
    `${(wire.raw / 1024).toFixed(1)} KB uncompressed; ${coldHome.length} files (HTML ${htmlFiles.length}, JS ${files.length}, CSS and assets ${otherFiles.length})`,
);
if (missing.length > 0) console.log(`without a .br (build with apps/web/vite.config.ts): ${missing.slice(0, 5).join(', ')}`);

if (totalKb > GOAL_KB || misplaced > 0 || wireKb > WIRE_GOAL_KB) process.exit(1);
