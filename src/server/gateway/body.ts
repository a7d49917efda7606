import type { Context } from 'hono';
import { MSG } from '../../lib/messages.ts';
import { badRequest } from '../errors.ts';
import { hasControlChars } from './control-chars.ts';

/**
 * The request body as a plain object, whether it came form-encoded (the default of the
 * site's client) or as JSON. Merged over the query string, so `POST /chat/getToken?group=1`
 * reads `group` either way.
 */
export async function readInput(c: Context): Promise<Record<string, unknown>> {
  const query = c.req.query();
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return { ...query };
  const type = c.req.header('content-type') ?? '';
  let body: Record<string, unknown> = {};
  try {
    if (type.includes('application/json')) {
      const text = await c.req.text();
      const parsed: unknown = text.trim() ? JSON.parse(text) : {};
      body =
        parsed && typeof parsed === 'object' && !Array.isArray(parsed)
          ? (parsed as Record<string, unknown>)
          : {};
    } else if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
    }
  } catch {
    throw badRequest(MSG.badBody);
  }
  if (hasControlChars(body)) throw badRequest(MSG.badCharacters);
  return { ...query, ...body };
}
