/**
 * Control characters have no business in any input: a NUL byte in a query made PostgreSQL throw
 * (500). Text fields may hold tab and line breaks; nothing else below U+0020, nor DEL. Read by both
 * ways in: the HTTP gateway (gateway/body.ts, gateway/control-chars.ts) and the socket's frames
 * (realtime/hub.ts), so a call refuses the same input whichever way it comes.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_IN_URL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above
const IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Half of a UTF-16 surrogate pair on its own (JSON can carry "\ud800"): no text, and a 500 in the database. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether `value` (a string, or arrays/objects of them) holds a character no input may carry. */
export function hasControlChars(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return IN_TEXT.test(value) || LONE_SURROGATE.test(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (value instanceof Blob) return false;
  const items = Array.isArray(value) ? value : Object.entries(value).flat();
  return items.some((v) => hasControlChars(v, depth + 1));
}
