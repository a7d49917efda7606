// npm run lock:complete — after `npm install`, run this so `npm ci` accepts the lock file.
//
// Our registry mirror serves only the linux-x64 builds of packages with native binaries
// (@napi-rs/canvas, Astro's compiler binding …). npm then leaves the other platforms'
// optional packages out of package-lock.json, and `npm ci` refuses the lock as "out of sync".
// This adds each missing optional package with the os/cpu/libc its name declares, so npm ci
// knows it is for another platform and skips it.
import { readFileSync, writeFileSync } from 'node:fs';

type Entry = { version?: string; optionalDependencies?: Record<string, string>; [k: string]: unknown };
const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, Entry> };

/** os/cpu/libc from a platform package name such as canvas-linux-arm64-musl or binding-win32-x64-msvc. */
function platformOf(name: string): Record<string, string[]> | null {
  const m =
    /-(android|darwin|freebsd|linux|win32|wasm32|openharmony)-?([a-z0-9]+)?(?:-(gnu|musl|gnueabihf|msvc|wasi|eabi))?$/.exec(
      name,
    );
  if (!m) return null;
  const [, os, cpu, abi] = m;
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  const fields: Record<string, string[]> = { os: [os] };
  if (cpu) fields.cpu = [cpu];
  if (abi === 'musl') fields.libc = ['musl'];
  if (abi === 'gnu' || abi === 'gnueabihf') fields.libc = ['glibc'];
  return fields;
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${dep}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    lock.packages[`node_modules/${dep}`] = {
      version: range.replace(/^[\^~=]/, ''),
      ...platform,
      optional: true,
    };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform package entries added`);
