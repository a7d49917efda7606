// The built client files: the precompressed form the browser takes, 304 on a matching ETag, only
// files that were there at start, and from memory once read.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accepts } from '../../src/server/http/accept-encoding.ts';
import { createBuiltAssetsHandler } from '../../src/server/http/built-assets.ts';

const root = mkdtempSync(join(tmpdir(), 'built-assets-'));
const script = 'console.log("进球");\n'.repeat(200);
let server: Server;
let base: string;

beforeAll(async () => {
  mkdirSync(join(root, '_astro'));
  writeFileSync(join(root, '_astro', 'app.abc.js'), script);
  writeFileSync(join(root, '_astro', 'app.abc.js.br'), brotliCompressSync(script));
  writeFileSync(join(root, '_astro', 'app.abc.js.gz'), gzipSync(script));
  writeFileSync(join(root, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const serve = createBuiltAssetsHandler(root);
  server = createServer((req, res) => {
    if (!serve(req, res)) res.writeHead(404).end('not mine');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

/** fetch() decodes bodies itself; node:http's raw bytes show what was sent. */
async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(base + path, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('built client files', () => {
  it('sends the brotli form to a browser that takes it, else gzip, else the file itself', async () => {
    const br = await get('/_astro/app.abc.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.body).toEqual(brotliCompressSync(script));

    const gz = await get('/_astro/app.abc.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toEqual(gzipSync(script));

    const plain = await get('/_astro/app.abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.body.toString()).toBe(script);
  });

  it('answers 304 to a matching ETag and HEAD without a body', async () => {
    const first = await get('/logo.svg');
    expect(first.headers['cache-control']).toBe('public, max-age=3600, must-revalidate');
    const again = await get('/logo.svg', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get('/logo.svg', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(first.body.length));
    expect(head.body.length).toBe(0);
  });

  it('serves only the files that were there at start, not their compressed copies or anything outside', async () => {
    writeFileSync(join(root, 'later.txt'), 'added after start');
    for (const path of ['/later.txt', '/_astro/app.abc.js.br', '/missing.js', '/../etc/passwd', '/_astro/'])
      expect((await get(path)).status, path).toBe(404);
  });

  it('keeps a file in memory once read', async () => {
    await get('/logo.svg');
    rmSync(join(root, 'logo.svg'));
    expect((await get('/logo.svg')).body.toString()).toContain('<svg');
  });
});

describe('accepts', () => {
  it('reads codings and refusals from Accept-Encoding', () => {
    expect(accepts('gzip, deflate, br', 'br')).toBe(true);
    expect(accepts('gzip;q=1.0, br;q=0', 'br')).toBe(false);
    expect(accepts('GZIP', 'gzip')).toBe(true);
    expect(accepts('', 'gzip')).toBe(false);
    expect(accepts('x-gzip', 'gzip')).toBe(false);
  });
});
