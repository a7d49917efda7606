import { Hono } from 'hono';
import { z } from 'zod';
import { EMOJIS } from '../../../lib/emoji.ts';
import { MSG } from '../../../lib/messages.ts';
import { ACCOUNT_MSG } from '../../../lib/accounts/messages.ts';
import type { FollowTarget } from '../../services/accounts/profile.ts';
import { requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import { badRequest, invalidParam } from '../../errors.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { q, validate } from '../../validate.ts';

/** /svc/user/info and /svc/user/common — public profiles, follow lists, uploads, emojis. */
export const publicRoutes = new Hono<GatewayEnv>();

/** GET /user/info/personal-space?id → public profile with follower and following counts; 404 when unknown. */
publicRoutes.get('/info/personal-space', async (c) => {
  const { id } = validate(z.object({ id: q.id() }), c.req.query());
  return ok(c, await c.var.app.services.accounts.profile.personalSpace(id));
});

/** `type` of the attention list: 0 or absent all, 1 anchor, 2 user, 3 expert (the names work too). */
const TARGETS: Record<string, FollowTarget | undefined> = {
  '': undefined,
  '0': undefined,
  '1': 'anchor',
  '2': 'user',
  '3': 'expert',
  anchor: 'anchor',
  user: 'user',
  expert: 'expert',
};

/** GET /user/info/attention?userId&type&page&pageSize → {list, total, page, pageSize}; userId defaults to the caller. */
publicRoutes.get('/info/attention', async (c) => {
  const query = validate(
    z.object({
      userId: q.id().optional(),
      type: z.string().trim().default(''),
      page: q.page(),
      pageSize: q.pageSize(30, 100),
    }),
    c.req.query(),
  );
  const userId = query.userId ?? c.var.user?.id;
  if (!userId) throw invalidParam('userId', MSG.valueRequired);
  if (!Object.hasOwn(TARGETS, query.type)) throw invalidParam('type', MSG.valueNotAllowed);
  const list = await c.var.app.services.accounts.profile.attention({
    ...query,
    userId,
    type: TARGETS[query.type],
  });
  return ok(c, list);
});

/** `files` as one string, repeated form keys, a JSON array, or a JSON-encoded array in a form field. */
export function fileList(v: unknown): string[] {
  if (Array.isArray(v)) return v.map((f) => (typeof f === 'string' ? f : ''));
  if (typeof v !== 'string' || !v.trim()) return [];
  if (!v.trim().startsWith('[')) return [v];
  try {
    const list: unknown = JSON.parse(v);
    if (Array.isArray(list)) return list.map((f) => (typeof f === 'string' ? f : ''));
  } catch {
    // not JSON: fall through
  }
  throw badRequest(ACCOUNT_MSG.uploadNotImage);
}

/** POST /user/common/multiUploadBase64 {files} → ['/uploads/{hash}.webp', …], one per file, in order. */
publicRoutes.post(
  '/common/multiUploadBase64',
  requireUser,
  rateLimit({ name: 'upload', max: 30, windowMs: 600_000 }),
  async (c) => {
    const input = await readInput(c);
    const files = fileList(input.files ?? input['files[]']);
    return ok(c, await c.var.app.services.uploads.images(files));
  },
);

/** GET /user/common/getEmojis → [{code: '[微笑]', name, url}] */
publicRoutes.get('/common/getEmojis', (c) => {
  c.header('cache-control', 'public, max-age=3600');
  return ok(c, EMOJIS);
});
