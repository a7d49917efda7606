// Part of `npm run build`: a brotli and a gzip copy beside each compressible client file of 200 bytes or
// more (dist/client/x.js → x.js.br, x.js.gz), so the server sends them as they are instead of
// compressing the same bytes on every request (src/server/http/built-assets.ts). A copy that would
// not save at least a tenth is not written.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const ROOT = 'dist/client';
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
]);
const MIN_BYTES = 200;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const started = performance.now();
const files = (await readdir(ROOT, { recursive: true, encoding: 'utf8' })).map((f) => join(ROOT, f));
let written = 0;
await Promise.all(
  files
    .filter((file) => COMPRESSIBLE.has(extname(file).toLowerCase()))
    .map(async (file) => {
      const body = await readFile(file);
      await Promise.all([rm(`${file}.br`, { force: true }), rm(`${file}.gz`, { force: true })]);
      if (body.length < MIN_BYTES) return;
      const [br, gzipped] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gz(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      for (const [suffix, bytes] of [
        ['.br', br],
        ['.gz', gzipped],
      ] as const)
        if (bytes.length <= body.length * 0.9) {
          await writeFile(file + suffix, bytes);
          written++;
        }
    }),
);
console.log(`precompressed: ${written} files in ${ROOT} (${Math.round(performance.now() - started)} ms)`);
