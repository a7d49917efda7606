/**
 * Where the starters of a formation stand on a pitch drawing: `row` 1 is the goalkeeper's line,
 * then one row per number of the formation ("4-2-3-1" → rows of 4, 2, 3, 1); `col` counts from
 * the left of each row, `cols` is how many share it.
 */
export function pitchGrid(
  formation: string | null,
  starters: number,
): { row: number; col: number; cols: number }[] {
  const lines = formation && /^\d(-\d)+$/.test(formation) ? formation.split('-').map(Number) : [];
  if (starters !== 11 || lines.reduce((a, b) => a + b, 0) !== 10) return [];
  const out = [{ row: 1, col: 1, cols: 1 }];
  lines.forEach((n, i) => {
    for (let c = 1; c <= n; c++) out.push({ row: i + 2, col: c, cols: n });
  });
  return out;
}
