/** Local fixture time in an IANA zone → UTC instant (the seed files write local kick-off times). */
const formatters = new Map<string, Intl.DateTimeFormat>();
/** Offsets by zone and quarter hour (clocks only ever change on one): the import asks for thousands. */
const offsets = new Map<string, number>();
const QUARTER_HOUR = 15 * 60_000;

function offsetMinutes(zone: string, utcMs: number): number {
  const key = `${zone}|${Math.floor(utcMs / QUARTER_HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = computeOffsetMinutes(zone, utcMs);
    offsets.set(key, offset);
  }
  return offset;
}

function computeOffsetMinutes(zone: string, utcMs: number): number {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(utcMs)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
  );
  return Math.round((asUtc - utcMs) / 60_000);
}

export function zonedToUtc(date: string, time: string, zone: string): Date {
  const naive = Date.parse(`${date}T${time}:00Z`);
  // Two passes settle the offset even on the night the clocks change.
  let utc = naive - offsetMinutes(zone, naive) * 60_000;
  utc = naive - offsetMinutes(zone, utc) * 60_000;
  return new Date(utc);
}
