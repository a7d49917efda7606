// npm run seed — applies the migrations and seeds the demo into DATABASE_URL (or the PGlite in
// DATA_DIR), whatever SEED_DEMO says. Safe to run again: the seed only fills what is missing.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';
import { seedBanners } from './banners.ts';
import { seedDemo } from './seed.ts';

const config = loadConfig();
const log = createLogger(config);
const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await migrate(handle);
await handle.exclusive('seed', () => seedDemo(handle.db, log));
await handle.exclusive('seed', () => seedBanners(handle.db));
await handle.close();
console.log(`demo seed applied (${handle.kind})`);
