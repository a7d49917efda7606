import { markReported } from './page-actions.ts';
import { call } from './svc.ts';

/**
 * A logged-in fan's own states on an article page, which is the visitor's markup for everyone
 * (src/pages/news/[id].astro): one call (GET /svc/inform/info/mine) says whether they collected the
 * article and which comments they liked, reported (已举报) and wrote (no 举报 on their own); then the buttons are theirs (no [data-needs-login]: the
 * clicks go to news-actions.ts) and the comment box replaces the login prompt. Loaded by
 * news-loader.ts for fans only.
 */
export async function fillNewsStates(): Promise<void> {
  const collect = document.querySelector<HTMLElement>('[data-news="collect"]');
  const likes = [...document.querySelectorAll<HTMLElement>('[data-news="like"]')];
  if (!collect) return;
  const ids = likes.map((b) => b.dataset.id).join(',');
  const res = await call<{ collected: boolean; liked: number[]; reported: number[]; own: number[] }>(
    'GET',
    `/inform/info/mine?articleId=${collect.dataset.id}&commentIds=${ids}`,
  );
  if (res.code !== 200) return; // The visitor's buttons stay: a click says what is wrong.
  collect.setAttribute('aria-pressed', String(res.data.collected));
  collect.querySelector('[data-label]')!.textContent = res.data.collected ? '已收藏' : '收藏';
  const liked = new Set(res.data.liked);
  for (const like of likes) like.setAttribute('aria-pressed', String(liked.has(Number(like.dataset.id))));
  const [reported, own] = [new Set(res.data.reported), new Set(res.data.own)];
  for (const report of document.querySelectorAll<HTMLElement>('[data-news="report"]')) {
    const id = Number(report.dataset.id);
    if (own.has(id)) report.remove();
    else if (reported.has(id)) markReported(report);
  }
  for (const el of document.querySelectorAll<HTMLElement>('[data-news][data-needs-login]'))
    delete el.dataset.needsLogin;
  const form = document.querySelector<HTMLFormElement>('form[data-news-comment]');
  if (form) form.hidden = false;
  document.querySelector<HTMLElement>('[data-comment-login]')?.setAttribute('hidden', '');
}
