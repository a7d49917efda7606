// Part of `npm run build`, after `astro build`: writes the build's id into the service worker
// (dist/client/sw.js, copied from public/sw.js) in place of `const VERSION = 'dev'`. The id is a hash
// of the hashed client files' names and the worker's own text, so a deploy that changes either makes
// browsers install the new worker, which replaces the shell it keeps (docs/readers.md, "Offline reading").
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const SW = 'dist/client/sw.js';
const PLACEHOLDER = "const VERSION = 'dev';";

const source = readFileSync(SW, 'utf8');
if (!source.includes(PLACEHOLDER)) throw new Error(`${SW}: no ${PLACEHOLDER} to stamp`);
const files = readdirSync('dist/client/_astro')
  .filter((f) => !/\.(?:br|gz)$/.test(f))
  .sort();
const version = createHash('sha256').update(files.join('\n')).update(source).digest('hex').slice(0, 12);
writeFileSync(SW, source.replace(PLACEHOLDER, `const VERSION = '${version}';`));
console.log(`service worker: version ${version}`);
