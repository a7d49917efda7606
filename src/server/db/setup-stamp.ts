// Start-up on an existing PGlite data dir skips migrating and seed-checking when nothing changed
// since the last complete set-up (issue: speed — restart to the first page under 2 s).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';

const sourceRoot = fileURLToPath(new URL('../../', import.meta.url));
const STAMP_FILE = 'qyq-setup-stamp';

/** Every file under src/ (path, size, mtime): any code change — a new migration, a new seed part — changes it. */
function sourceStamp(dir: string, hash: ReturnType<typeof createHash>) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceStamp(path, hash);
    else {
      const { size, mtimeMs } = statSync(path);
      hash.update(`${path}\0${size}\0${mtimeMs}\n`);
    }
  }
}

/** The settings a set-up (migrations and seeds) depends on: two databases set up with equal ones are alike. */
export function setupSettings(config: Config) {
  return { seedDemo: config.seedDemo, sports: config.sports.seedData, simSeed: config.sports.simSeed };
}

/** What the set-up depends on: the code and the seed settings. */
export function setupFingerprint(settings: ReturnType<typeof setupSettings>): string {
  const hash = createHash('sha256').update(JSON.stringify(settings));
  sourceStamp(sourceRoot, hash);
  return hash.digest('hex');
}

/**
 * The stamp lives inside the PGlite directory, so it goes when the database goes; PostgreSQL
 * (shared, migrated under a lock by any instance) always runs the idempotent set-up.
 */
export function setupStamp(pgDir: string) {
  const file = join(pgDir, STAMP_FILE);
  return {
    matches(fingerprint: string): boolean {
      try {
        return readFileSync(file, 'utf8') === fingerprint;
      } catch {
        return false;
      }
    },
    write(fingerprint: string) {
      writeFileSync(file, fingerprint);
    },
  };
}
