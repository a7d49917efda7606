// The last step of `npm run build`: src/server/main.ts and its whole import graph bundled into one
// file, dist/node/main.mjs, which `npm start` runs. Node then reads, type-strips and resolves one
// module instead of ~800 (start-up spent seconds on module resolution alone; issue: speed).
// Packages with native code, WASM or worker files stay outside and load from node_modules as usual.
import { pathToFileURL } from 'node:url';
import { readFile, writeFile } from 'node:fs/promises';
import { build, type Plugin } from 'esbuild';

export const SERVER_BUNDLE = 'dist/node/main.mjs';
/** The bundle itself; main.mjs only turns on Node's compile cache and imports it. */
const SERVER_CODE = 'dist/node/server.mjs';

const external = [
  '@electric-sql/pglite', // loads its .wasm and data files next to itself
  'sharp',
  '@napi-rs/canvas',
  'pino', // transports run in worker threads that load files by name
  'pino-pretty',
  'pg',
  'pg-native',
  'ioredis',
  'bufferutil',
  'utf-8-validate',
];

/**
 * Each source file keeps its own import.meta.url (its path under src/), so `new URL('./data/',
 * import.meta.url)` still finds the files beside it after bundling.
 */
const keepImportMeta: Plugin = {
  name: 'keep-import-meta',
  setup(b) {
    b.onLoad({ filter: /\/src\/.*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      const contents = source
        .replaceAll('import.meta.url', url)
        .replaceAll('import.meta.dirname', JSON.stringify(args.path.replace(/\/[^/]*$/, '')))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: 'ts' };
    });
  },
};

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: SERVER_CODE,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external,
  plugins: [keepImportMeta],
  // CommonJS packages inside the bundle call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
// Node keeps the compiled code of the bundle, the built pages and the packages (os tmpdir,
// node-compile-cache): a restart skips compiling ~4 MB of JavaScript (issue: speed, restart < 2 s).
await writeFile(
  SERVER_BUNDLE,
  "import { enableCompileCache } from 'node:module';\nenableCompileCache();\nawait import('./server.mjs');\n",
);
console.log(`server bundled: ${SERVER_BUNDLE} (${SERVER_CODE})`);
