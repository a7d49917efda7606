// npm run db:migrate — applies the migrations to DATABASE_URL (or the PGlite in DATA_DIR) and exits.
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { migrate } from './migrate.ts';

const config = loadConfig();
const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await migrate(handle);
await handle.close();
console.log(`migrations applied (${handle.kind})`);
