/** Request body encoding (spec §7: form-encoded unless the JSON header is set). */

export type HeaderMap = Record<string, string>;

/** True when the caller asked for a JSON body with a `Content-Type: application/json` header. */
export function wantsJson(headers: HeaderMap | undefined): boolean {
  if (!headers) return false;
  return Object.entries(headers).some(
    ([name, value]) =>
      name.toLowerCase() === 'content-type' && value.toLowerCase().includes('application/json'),
  );
}

/**
 * Form-encodes a plain object, one key per field: strings, numbers and booleans as text, nested
 * objects and arrays JSON-stringified (the gateway reads one value per key), null as an empty
 * value, undefined left out. FormData (uploads), URLSearchParams and strings pass through as they are.
 */
export function toFormBody(body: unknown): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof URLSearchParams || body instanceof FormData) return body;
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (value === null) form.append(key, '');
    else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  }
  return form;
}
