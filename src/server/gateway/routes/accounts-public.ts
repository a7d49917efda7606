import { Hono } from 'hono';
import { z } from 'zod';
import { EMOJIS } from '../../../lib/emoji.ts';
import { MSG } from '../../../lib/messages.ts';
import type { FollowTarget } from '../../services/accounts/profile.ts';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { invalidParam } from '../../errors.ts';
import { field, read } from '../input.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';

/** /svc/user/info and /svc/user/common — public profiles, follow lists, uploads, emojis. */
export const publicRoutes = new Hono<GatewayEnv>();

const personalSpaceInput = z.object({ id: field.id() });

/** GET /user/info/personal-space?id → public profile with follower and following counts; 404 when unknown. */
publicRoutes.get('/info/personal-space', async (c) => {
  const { id } = await read(c, personalSpaceInput);
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

const attentionInput = z.object({
  userId: field.optionalId(),
  type: field
    .str()
    .refine((t) => Object.hasOwn(TARGETS, t), MSG.valueNotAllowed)
    .transform((t) => TARGETS[t]),
  page: field.page(),
  pageSize: field.pageSize(30, 100),
});

/** GET /user/info/attention?userId&type&page&pageSize → {list, total, page, pageSize}; userId defaults to the caller. */
publicRoutes.get('/info/attention', async (c) => {
  const query = await read(c, attentionInput);
  const userId = query.userId ?? c.var.user?.id;
  if (!userId) throw invalidParam('userId', MSG.valueRequired);
  const list = await c.var.app.services.accounts.profile.attention({ ...query, userId });
  return ok(c, list);
});

const uploadInput = z.object({ files: field.files() });

/** POST /user/common/multiUploadBase64 {files} → ['/uploads/{hash}.webp', …], one per file, in order. */
publicRoutes.post(
  '/common/multiUploadBase64',
  requireUser,
  rateLimit({ name: 'upload', max: 30, windowMs: 600_000 }),
  async (c) => {
    const { files } = await read(c, uploadInput);
    return ok(c, await c.var.app.services.uploads.images(files));
  },
);

/** GET /user/common/getEmojis → [{code: '[微笑]', name, url}] */
publicRoutes.get('/common/getEmojis', (c) => {
  c.header('cache-control', 'public, max-age=3600');
  return ok(c, EMOJIS);
});
