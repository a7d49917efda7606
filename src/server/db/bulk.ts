import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { rowsOf } from './rows.ts';

/**
 * Bulk inserts for the seed import and the feed's writer. Drizzle builds an insert of N rows from
 * N × (every column) SQL chunks, ~40 µs each: the import's tens of thousands of rows, and the
 * simulator's events, texts and odds changes on a first start, cost seconds in query building alone
 * (issue: speed). Here a batch travels as one JSON parameter and PostgreSQL spreads it over the
 * table's columns with json_populate_recordset, converting each value with the column type's own
 * input function.
 */
const ROWS_PER_STATEMENT = 5_000;

type Row = Record<string, unknown>;

/** A value as the JSON the column's type accepts: JSON columns keep their structure, the rest go as the driver would send them. */
function jsonValue(column: PgColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (column.dataType === 'json') return value;
  return column.mapToDriverValue(value);
}

/**
 * One statement per batch of rows with the same keys (a key a row leaves out takes the column's
 * default, as in drizzle's insert; json_populate_recordset alone would make it null).
 */
function statements(table: PgTable, rows: Row[], tail: (keys: string[]) => SQL): SQL[] {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const byKeys = new Map<string, Row[]>();
  for (const row of rows) {
    // Keys that are not columns are ignored, as drizzle's insert does.
    const keys = Object.keys(row)
      .filter((k) => row[k] !== undefined && k in columns)
      .join(',');
    const group = byKeys.get(keys);
    if (group) group.push(row);
    else byKeys.set(keys, [row]);
  }
  const out: SQL[] = [];
  for (const [keyList, group] of byKeys) {
    const keys = keyList.split(',');
    const names = sql.join(
      keys.map((k) => sql.identifier(columns[k].name)),
      sql`, `,
    );
    for (let i = 0; i < group.length; i += ROWS_PER_STATEMENT) {
      const json = group
        .slice(i, i + ROWS_PER_STATEMENT)
        .map((row) => Object.fromEntries(keys.map((k) => [columns[k].name, jsonValue(columns[k], row[k])])));
      const name = sql.identifier(getTableName(table));
      out.push(
        sql`insert into ${name} (${names}) select ${names} from json_populate_recordset(null::${name}, ${JSON.stringify(json)}::json) ${tail(keys)}`,
      );
    }
  }
  return out;
}

export async function insertChunks<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  for (const statement of statements(table, rows as Row[], () => sql`on conflict do nothing`))
    await db.execute(statement);
}

export interface UpsertOptions {
  /** The columns a conflict updates, each one the rows give (default: all they give but the target's). */
  update?: PgColumn[];
  /** Columns returned of every row written (default: none). */
  returning?: PgColumn[];
}

/**
 * Inserts the rows; a row whose `target` columns match an existing one updates that row instead
 * (drizzle's onConflictDoUpdate with each updated column set from `excluded`). Returns the
 * `returning` columns of every row written, by their database names.
 */
export async function upsertChunks<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  target: PgColumn[],
  opts: UpsertOptions = {},
): Promise<Row[]> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const targetNames = new Set(target.map((c) => c.name));
  const names = (list: PgColumn[]) =>
    sql.join(
      list.map((c) => sql.identifier(c.name)),
      sql`, `,
    );
  const returning = opts.returning ? sql` returning ${names(opts.returning)}` : sql``;
  const onConflict = (keys: string[]) => {
    const updated = (opts.update ?? keys.map((k) => columns[k])).filter((c) => !targetNames.has(c.name));
    const conflict = sql`on conflict (${names(target)})`;
    if (!updated.length) return sql`${conflict} do nothing${returning}`;
    const set = sql.join(
      updated.map((c) => sql`${sql.identifier(c.name)} = excluded.${sql.identifier(c.name)}`),
      sql`, `,
    );
    return sql`${conflict} do update set ${set}${returning}`;
  };
  const written: Row[] = [];
  for (const statement of statements(table, rows as Row[], onConflict)) {
    const result = await db.execute(statement);
    if (opts.returning) written.push(...rowsOf<Row>(result));
  }
  return written;
}

/** Like insertChunks, returning `{ id, key }` of every new row. */
export async function insertReturningKeys<T extends PgTable & { id: unknown; key: unknown }>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const statement of statements(
    table,
    rows as Row[],
    () => sql`on conflict do nothing returning id, key`,
  )) {
    for (const r of rowsOf<{ id: number; key: string }>(await db.execute(statement))) ids.set(r.key, r.id);
  }
  return ids;
}
