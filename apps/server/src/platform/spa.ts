// Serves the built web app: hashed assets cached for a year, index.html never cached, and
// index.html for every non-API path so client-side routes survive a reload. Unknown API paths
// answer 404 in the envelope. The build writes each text asset also as <file>.br and <file>.gz
// (apps/web/vite.config.ts); the file sent is the first of .br, .gz and the original that the
// request's Accept-Encoding allows, with Content-Encoding, the original's Content-Type and
// Vary: Accept-Encoding. Nothing is compressed per request.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { AppError } from './errors';

export const spaPlugin = fp<{ distDir: string }>(async (app: FastifyInstance, options) => {
  const root = path.resolve(options.distDir);
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      // Look files up per request: a server that is running while the web app is rebuilt then
      // serves the new chunks (a start-time file list would answer 404 for them).
      wildcard: true,
      // "/" is the root directory: answer it with the app shell like every client route.
      index: 'index.html',
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ root }, 'web app not built: only the API is served (run `npm run build`)');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || !hasWeb || request.method !== 'GET') {
      throw new AppError('not_found');
    }
    // A missing asset is a 404, not the app shell (a stale chunk must fail so the SPA reloads).
    if (pathname.startsWith('/assets/') || path.extname(pathname) !== '') throw new AppError('not_found');
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
});
