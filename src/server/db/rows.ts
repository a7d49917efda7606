/** The rows of `db.execute(sql…)`: node-postgres answers `{ rows }`, PGlite's drizzle driver the same, some drivers a bare array. */
export const rowsOf = <Row>(result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows?: Row[] }).rows ?? []);
