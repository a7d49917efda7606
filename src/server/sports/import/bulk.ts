import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';

/** PostgreSQL takes at most 65,535 parameters per statement: inserts go in chunks below that. */
const MAX_PARAMS = 30_000;

export async function insertChunks<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const perRow = Math.max(1, Object.keys(rows[0]).length);
  const size = Math.max(1, Math.floor(MAX_PARAMS / perRow));
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insert(table)
      .values(rows.slice(i, i + size) as never)
      .onConflictDoNothing();
  }
}

/** Like insertChunks, returning `{ id, key }` of every new row. */
export async function insertReturningKeys<T extends PgTable & { id: unknown; key: unknown }>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (rows.length === 0) return ids;
  const perRow = Math.max(1, Object.keys(rows[0]).length);
  const size = Math.max(1, Math.floor(MAX_PARAMS / perRow));
  for (let i = 0; i < rows.length; i += size) {
    const t = table as unknown as { id: never; key: never };
    const got = (await db
      .insert(table)
      .values(rows.slice(i, i + size) as never)
      .returning({ id: t.id, key: t.key })) as unknown as { id: number; key: string }[];
    for (const r of got) ids.set(r.key, r.id);
  }
  return ids;
}
