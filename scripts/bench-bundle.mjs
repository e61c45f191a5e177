// First-screen budget: the gzip size of all JavaScript the Home route loads, read from Vite's
// manifest: the entry and its static imports, plus the Home page's lazy chunk and its static
// imports, each file counted once. Exits 1 over the goal. Run after `npm run build`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const GOAL_KB = 250;
const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const HOME_PAGE = 'src/features/content/pages/HomePage.tsx';

const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));

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
if (totalKb > GOAL_KB) process.exit(1);
