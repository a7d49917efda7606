// A first start on PGlite spent seconds in initdb and in the migrations (issue: speed — first start
// under 10 s). `npm run build` makes both once into dist/pglite-template (scripts/build-db-template.ts);
// a new data dir starts as a copy of it, and the migrator then only checks that nothing is left to apply.
import { cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PGLITE_TEMPLATE_DIR = fileURLToPath(new URL('../../../dist/pglite-template', import.meta.url));

const holdsDatabase = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

/**
 * Fills a PGlite directory that holds no database from the template, when one has been built.
 * Copies beside it and renames, so a crash midway never leaves half a database behind.
 */
export function startFromTemplate(pgDir: string, template = PGLITE_TEMPLATE_DIR): boolean {
  if (!holdsDatabase(template) || holdsDatabase(pgDir)) return false;
  if (existsSync(pgDir) && readdirSync(pgDir).length > 0) return false;
  const copy = `${pgDir}.template-copy`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(template, copy, { recursive: true });
  rmSync(pgDir, { recursive: true, force: true });
  renameSync(copy, pgDir);
  return true;
}
