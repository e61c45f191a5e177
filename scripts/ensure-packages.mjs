// The tests drive real programs from Debian: Chromium (Playwright cannot download browsers here)
// with its CJK fonts for the end-to-end tests, and Litecoin Core for the stratum server's proof on a
// real regtest chain. Installs what is missing when we may (root with apt-get); otherwise says how.
// `node scripts/ensure-packages.mjs chromium litecoind` (no argument: all of them).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = {
  chromium: { files: [process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'], debs: ['chromium', 'fonts-noto-cjk'] },
  litecoind: { files: [process.env.LITECOIND_PATH ?? '/usr/bin/litecoind'], debs: ['litecoind'] },
};

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(PACKAGES);
const unknown = wanted.filter((name) => !(name in PACKAGES));
if (unknown.length) {
  console.error(`Unknown package(s): ${unknown.join(', ')}. Known: ${Object.keys(PACKAGES).join(', ')}`);
  process.exit(2);
}
const debs = wanted.filter((name) => PACKAGES[name].files.some((file) => !existsSync(file))).flatMap((name) => PACKAGES[name].debs);
if (debs.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !existsSync('/usr/bin/apt-get')) {
  console.error(`Missing for the tests: ${debs.join(' ')}. Install them with:\n  sudo apt-get install -y ${debs.join(' ')}`);
  process.exit(1);
}
console.log(`Installing ${debs.join(' ')} with apt-get ...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', ...debs], { stdio: 'inherit', env });
