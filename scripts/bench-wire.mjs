// Bytes on the wire of a cold page load in Chromium, against a running server: every request of
// the page until the network is idle, with an empty cache, as the server sends it (Accept-Encoding
// of the browser) and again with Accept-Encoding: identity (what a server without compression
// sends). Prints requests, the total with headers (HTTP/1.1, as measured locally; HTTP/2 behind a
// proxy compresses headers), the bodies alone, the API's part and the encodings of the static files.
// Complements scripts/bench-bundle.mjs, which counts the first screen from the build alone.
//   node scripts/bench-wire.mjs [url]     (default http://localhost:8080/; `npm start` first)
import { chromium } from 'playwright-core';

const url = process.argv[2] ?? 'http://localhost:8080/';
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
try {
  for (const identity of [false, true]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (identity) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
    const responses = new Map();
    const sums = { requests: 0, total: 0, bodies: 0, api: 0 };
    const encodings = {};
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? 'identity';
      responses.set(requestId, { url: response.url, encoding });
    });
    cdp.on('Network.dataReceived', ({ encodedDataLength }) => {
      sums.bodies += encodedDataLength;
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const response = responses.get(requestId);
      if (!response) return;
      sums.requests += 1;
      sums.total += encodedDataLength;
      if (new URL(response.url).pathname.startsWith('/api/')) sums.api += encodedDataLength;
      else encodings[response.encoding] = (encodings[response.encoding] ?? 0) + 1;
    });
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const label = identity ? 'Accept-Encoding: identity' : "the browser's Accept-Encoding";
    console.log(
      `cold ${url} (${label}): ${sums.requests} requests, ${kb(sums.total)} with headers, ${kb(sums.bodies)} of bodies, ` +
        `API ${kb(sums.api)}; static files by encoding: ${Object.entries(encodings).map(([name, count]) => `${name} ${count}`).join(', ')}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
}
