import { whenMe } from './me.ts';
import { call } from './svc.ts';

/**
 * /community is one copy for every reader (the visitor's feed): a logged-in fan's browser hides from
 * it the posts they shielded and those of authors they shielded (GET /svc/inform/post/shield/mine),
 * as their feed from the API leaves them out.
 */
void whenMe().then(async (me) => {
  if (!me || !document.querySelector('[data-post-id]')) return;
  const res = await call<{ postIds: number[]; authorIds: number[] }>('GET', '/inform/post/shield/mine');
  if (res.code !== 200) return;
  const posts = new Set(res.data.postIds.map(String));
  const authors = new Set(res.data.authorIds.map(String));
  for (const card of document.querySelectorAll<HTMLElement>('[data-post-id]'))
    if (posts.has(card.dataset.postId!) || authors.has(card.dataset.authorId!)) card.hidden = true;
});
