import type { Context } from 'hono';
import { MSG } from '../../lib/messages.ts';
import { badRequest } from '../errors.ts';
import { hasControlChars } from '../control-chars.ts';

/** No call takes input nested deeper than this; deeper JSON is refused before any service sees it. */
const MAX_DEPTH = 8;

/**
 * No text field of any call is longer than this (the longest allowed, a news article, is 50 000), so a
 * megabyte nickname or chat message is refused here, before a service sees it. Uploads carry base64
 * images and are exempt; their files are checked by content (services/uploads).
 */
const MAX_FIELD_CHARS = 60_000;

/** Calls whose bodies carry base64 images (they also get the larger body limit). */
export const isUploadPath = (path: string) =>
  path.endsWith('/multiUploadBase64') ||
  path.endsWith('/post/addPic/base64') ||
  path.endsWith('/info/editor/image');

/** True when some string in `value` is longer than `max`. */
function hasLongText(value: unknown, max: number): boolean {
  if (typeof value === 'string') return value.length > max;
  if (!value || typeof value !== 'object') return false;
  return Object.values(value).some((v) => hasLongText(v, max));
}

/** How deep `value` nests (a plain value is 0), counting no further than MAX_DEPTH + 1. */
function depthOf(value: unknown, level = 0): number {
  if (!value || typeof value !== 'object' || level > MAX_DEPTH) return level;
  let deepest = level + 1;
  for (const v of Object.values(value)) deepest = Math.max(deepest, depthOf(v, level + 1));
  return deepest;
}

/**
 * The request body as a plain object, whether it came form-encoded (the default of the
 * site's client) or as JSON. Merged over the query string, so `POST /chat/getToken?group=1`
 * reads `group` either way.
 */
export async function readInput(c: Pick<Context, 'req'>): Promise<Record<string, unknown>> {
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
  if (depthOf(body) > MAX_DEPTH) throw badRequest(MSG.bodyTooDeep);
  if (hasControlChars(body)) throw badRequest(MSG.badCharacters);
  if (!isUploadPath(c.req.path) && hasLongText(body, MAX_FIELD_CHARS)) throw badRequest(MSG.fieldTooLong);
  return { ...query, ...body };
}
