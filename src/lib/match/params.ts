/** A database id from a path segment or query value (positive, fits an int column), else null. */
export function parseId(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 2 ** 31 - 1 ? n : null;
}
