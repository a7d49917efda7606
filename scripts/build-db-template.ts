// The last step of `npm run build`: an empty, fully migrated PGlite database in dist/pglite-template,
// copied into each new DATA_DIR on first start instead of running initdb and the migrations there.
import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { PGLITE_TEMPLATE_DIR } from '../src/server/db/pglite-template.ts';

// Removed first: the database below must come from initdb, not from an older template.
rmSync(PGLITE_TEMPLATE_DIR, { recursive: true, force: true });
const dataDir = `${PGLITE_TEMPLATE_DIR}.building`;
rmSync(dataDir, { recursive: true, force: true });
const handle = await openDatabase({ dataDir });
await migrate(handle);
await handle.close();
renameSync(join(dataDir, 'pg'), PGLITE_TEMPLATE_DIR);
rmSync(dataDir, { recursive: true, force: true });
console.log(`PGlite template: ${PGLITE_TEMPLATE_DIR}`);
