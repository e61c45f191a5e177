// End-to-end tests drive Debian's Chromium (Playwright cannot download browsers here).
// Installs it with its CJK fonts when missing and we may (root with apt-get); otherwise says how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FONTS = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

if (existsSync(CHROMIUM) && existsSync(FONTS)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !existsSync('/usr/bin/apt-get')) {
  console.error(`Chromium (${CHROMIUM}) or the CJK fonts are missing. Install them with:\n  sudo apt-get install -y chromium fonts-noto-cjk`);
  process.exit(1);
}
console.log('Installing Chromium and CJK fonts with apt-get ...');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], { stdio: 'inherit', env });
