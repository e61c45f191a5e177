// Uploaded files (platform/files): the type comes from the bytes, not the name or the header; the
// size is bounded while the upload is read; the stored name is random; a file is sent back as an
// attachment that a browser neither sniffs nor runs, and one whose bytes went missing from the store
// answers 404, never 500. In a directory by default, and in an
// S3-compatible bucket (here s3rver, a local server that speaks the S3 protocol) when configured.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ERRORS } from '@hashpool/shared';
import { queryRows } from '../src/db/client';
import { access } from '../src/platform/access';
import { ok } from '../src/platform/errors';
import { DOCUMENT_TYPES, S3FileStore } from '../src/platform/files';
import { body, startTestApp, type TestApp } from './test-app';

// A 1x1 PNG, a minimal PDF, and a Windows executable's first bytes.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6a3a60000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000000000000000000000000000000000000000000000000000000000000000800000000e1fba0e00b409cd21b8014ccd21546869732070726f6772616d2063616e6e6f742062652072756e20696e20444f53206d6f64652e', 'hex'), Buffer.alloc(512)]);
const USER = '11111111-1111-4111-8111-111111111111';

/** A multipart body with one file field, as a browser's FormData sends it. */
function multipart(name: string, bytes: Buffer, type = 'application/octet-stream') {
  const boundary = '----hashpool-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A test module's routes: upload a document (at most 64 KB here), read it back. */
async function testRoutes(app: FastifyInstance) {
  const rule = { purpose: 'test_document', allowed: DOCUMENT_TYPES, maxBytes: 64 * 1024 };
  await app.register(async (scope) => {
    scope.post('/api/test/files', { config: { access: access.public, signed: false } }, async (request) => {
      const file = await app.platform.files.receive(request, USER, rule);
      return ok(request, { id: file.id, type: file.contentType, size: file.size, name: file.name, key: file.storageKey });
    });
    scope.get('/api/test/files/:id', { config: { access: access.public } }, async (request, reply) => {
      const file = await app.platform.files.find((request.params as { id: string }).id, rule.purpose);
      return app.platform.files.send(reply, file);
    });
  });
}

/** A started app, how to delete a stored file's bytes behind its back, and how to clean up. */
interface Setup { t: TestApp; dropBytes: (key: string) => Promise<void>; cleanup: () => Promise<void> }

function suite(name: string, setup: () => Promise<Setup>) {
  describe(name, () => {
    let t: TestApp;
    let dropBytes: Setup['dropBytes'];
    let cleanup: () => Promise<void>;
    beforeAll(async () => ({ t, dropBytes, cleanup } = await setup()), 60_000);
    afterAll(async () => {
      await t?.close();
      await cleanup?.();
    });
    const upload = (fileName: string, bytes: Buffer, type?: string) => t.app.inject({ method: 'POST', url: '/api/test/files', ...multipart(fileName, bytes, type) });

    it('keeps an image and a PDF under a random name, typed by their bytes, and sends them back as attachments', async () => {
      for (const [fileName, bytes, type] of [['proof.png', PNG, 'image/png'], ['receipt.PDF', PDF, 'application/pdf']] as const) {
        const res = await upload(fileName, bytes, 'text/html');
        expect(res.statusCode, res.body).toBe(200);
        const stored = body<{ id: string; type: string; size: number; name: string; key: string }>(res).data;
        expect(stored).toMatchObject({ type, size: bytes.length, name: fileName });
        expect(stored.key).toMatch(/^test-document\/[A-Za-z0-9_-]{32}$/);
        const back = await t.app.inject({ url: `/api/test/files/${stored.id}` });
        expect(back.statusCode).toBe(200);
        expect(back.rawPayload.equals(bytes)).toBe(true);
        expect(back.headers['content-type']).toBe(type);
        expect(back.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
        expect(back.headers['x-content-type-options']).toBe('nosniff');
        expect(String(back.headers['content-security-policy'])).toContain('sandbox');
      }
    });

    it('refuses an executable named as an image, text posing as a PDF, and HTML', async () => {
      for (const [fileName, bytes] of [['photo.png', EXE], ['scan.pdf', Buffer.from('just some text, not a PDF')], ['page.png', Buffer.from('<html><script>alert(1)</script></html>')]] as const) {
        const res = await upload(fileName, bytes, fileName.endsWith('.pdf') ? 'application/pdf' : 'image/png');
        expect(res.statusCode, fileName).toBe(415);
        expect(body(res).code).toBe(ERRORS.upload_type_refused.code);
      }
    });

    it('refuses a file over the limit without keeping it, and a request without a file', async () => {
      const big = Buffer.concat([PNG, Buffer.alloc(70 * 1024)]);
      const res = await upload('big.png', big);
      expect(res.statusCode).toBe(413);
      expect(body(res).code).toBe(ERRORS.upload_too_large.code);
      const none = await t.app.inject({ method: 'POST', url: '/api/test/files', payload: {} });
      expect(none.statusCode).toBe(400);
      expect(body(none).code).toBe(ERRORS.upload_missing.code);
    });

    it('refuses every size past the limit, by one byte or by far, and keeps nothing (never a cut file)', async () => {
      const count = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from uploaded_files`))[0]!.n;
      const before = await count();
      for (const size of [64 * 1024 + 1, 64 * 1024 + 4096, 1 << 20, 20 << 20, 60 << 20]) {
        const bytes = Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
        const res = await upload('big.png', bytes, 'image/png');
        expect(res.statusCode, `${size} bytes`).toBe(413);
        expect(body(res).code).toBe(ERRORS.upload_too_large.code);
      }
      // Over a real socket the bytes arrive in chunks, and the last one may reach the limit after
      // the reader looked: ten tries of each, none may be kept cut (the outside attack saw 9 of 10).
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      for (const size of [64 * 1024 + 1, 200 * 1024, 5 << 20]) {
        const { payload, headers } = multipart('big.png', Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]), 'image/png');
        for (let i = 0; i < 10; i++) {
          const res = await fetch(`${address}/api/test/files`, { method: 'POST', headers, body: payload });
          expect(res.status, `${size} bytes over HTTP, try ${i}`).toBe(413);
        }
      }
      expect(await count()).toBe(before);
      // Exactly at the limit is kept.
      const exact = await upload('exact.png', Buffer.concat([PNG, Buffer.alloc(64 * 1024 - PNG.length)]), 'image/png');
      expect(exact.statusCode, exact.body).toBe(200);
    });

    it('keeps and serves a file under the extension its bytes proved', async () => {
      for (const [sent, kept] of [['invoice.html', 'invoice.png'], ['run.exe', 'run.png'], ['noext', 'noext.png'], ['photo.PNG', 'photo.PNG'], ['scan.jpeg.svg', 'scan.jpeg.png']] as const) {
        const res = await upload(sent, PNG, 'text/html');
        expect(res.statusCode, res.body).toBe(200);
        const stored = body<{ id: string; name: string }>(res).data;
        expect(stored.name, sent).toBe(kept);
        const back = await t.app.inject({ url: `/api/test/files/${stored.id}` });
        expect(back.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent(kept)}`);
      }
    });

    it('answers a file of another purpose, or none, like a missing one', async () => {
      expect((await t.app.inject({ url: '/api/test/files/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    });

    it('answers 404 (not 500) for a kept record whose bytes are gone from the store', async () => {
      const stored = body<{ id: string; key: string }>(await upload('gone.png', PNG, 'image/png')).data;
      expect((await t.app.inject({ url: `/api/test/files/${stored.id}` })).statusCode).toBe(200);
      await dropBytes(stored.key);
      const res = await t.app.inject({ url: `/api/test/files/${stored.id}` });
      expect(res.statusCode, res.body).toBe(404);
      expect(body(res).code).toBe(ERRORS.not_found.code);
      expect(res.headers['content-disposition']).toBeUndefined();
    });
  });
}

suite('in a directory (FILE_STORAGE=local)', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hashpool-uploads-'));
  const t = await startTestApp({ env: { UPLOAD_DIR: dir }, extend: testRoutes });
  return { t, dropBytes: async (key) => rmSync(path.join(dir, key)), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
});

suite('in an S3-compatible bucket (FILE_STORAGE=s3)', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hashpool-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'hashpool-test', configs: [] }] });
  const { port } = (await server.run()) as AddressInfo;
  const t = await startTestApp({
    env: { FILE_STORAGE: 's3', S3_BUCKET: 'hashpool-test', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    extend: testRoutes,
  });
  const store = new S3FileStore('hashpool-test', { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
  return {
    t,
    dropBytes: (key) => store.delete(key),
    cleanup: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('the S3 store on its own', () => {
  it('puts, gets and deletes an object through the S3 protocol', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hashpool-s3-'));
    const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'store-test', configs: [] }] });
    const { port } = (await server.run()) as AddressInfo;
    try {
      const store = new S3FileStore('store-test', { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
      await store.put('test-document/abcdefghijklmnopqrstuvwxyz012345', PNG, 'image/png');
      expect(Buffer.from(await store.get('test-document/abcdefghijklmnopqrstuvwxyz012345')).equals(PNG)).toBe(true);
      await store.delete('test-document/abcdefghijklmnopqrstuvwxyz012345');
      await expect(store.get('test-document/abcdefghijklmnopqrstuvwxyz012345')).rejects.toThrow();
      await expect(store.put('../../etc/passwd', PNG, 'image/png')).rejects.toThrow(/bad key/);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
