import { whenMe } from './me.ts';
import { call } from './svc.ts';

/**
 * A logged-in fan's own follow stars and 关注 / 预约 buttons on a shared page. The page is the
 * visitor's markup for everyone: buttons that open the login modal ([data-needs-login]) and name
 * what they act on — a row's star `data-follow-of="{matchId}"`, a match header's buttons
 * `data-match-fill="follow|reserve"` with `data-match-of="{matchId}"`. For a fan, one call
 * (GET /svc/api/match/mine) says which of these matches they follow and reserved, and the buttons
 * become theirs: the stars `[data-follow]` for scores/follow.ts, the header's `[data-match-action]`
 * for match/match-actions.ts. Resolves when done (at once for a visitor).
 */
export async function fillMatchStates(root: ParentNode): Promise<void> {
  const stars = [...root.querySelectorAll<HTMLElement>('[data-needs-login][data-follow-of]')];
  const header = [...root.querySelectorAll<HTMLElement>('[data-needs-login][data-match-fill]')];
  if (!stars.length && !header.length) return;
  if (!(await whenMe())) return;
  const ids = [
    ...new Set([...stars.map((b) => b.dataset.followOf!), ...header.map((b) => b.dataset.matchOf!)]),
  ];
  const res = await call<{ followed: number[]; reserved: number[] }>(
    'GET',
    `/api/match/mine?ids=${ids.join(',')}`,
  );
  // On a failure the visitor's buttons stay: a click opens the login modal, which says what is wrong.
  if (res.code !== 200) return;
  const followed = new Set(res.data.followed);
  const reserved = new Set(res.data.reserved);
  for (const star of stars) {
    const on = followed.has(Number(star.dataset.followOf));
    delete star.dataset.needsLogin;
    star.dataset.follow = star.dataset.followOf;
    star.setAttribute('aria-pressed', String(on));
    star.title = on ? '取消关注' : '关注';
  }
  for (const button of header) {
    const follow = button.dataset.matchFill === 'follow';
    const on = (follow ? followed : reserved).has(Number(button.dataset.matchOf));
    delete button.dataset.needsLogin;
    button.dataset.matchAction = button.dataset.matchFill;
    button.setAttribute('aria-pressed', String(on));
    button.textContent = follow ? (on ? '已关注' : '关注') : on ? '已预约' : '预约';
  }
}
