import { fileURLToPath } from 'node:url';
import type { DbHandle } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the committed migrations; safe to call from several instances at once. */
export async function migrate(handle: DbHandle): Promise<void> {
  await handle.exclusive('migrate', async () => {
    if (handle.kind === 'pglite') {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(handle.db as never, { migrationsFolder });
    } else {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(handle.db as never, { migrationsFolder });
    }
  });
}
