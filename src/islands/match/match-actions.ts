import { parseTokenCookie } from '../../lib/api/cookie.ts';

/**
 * 关注 / 预约 for a logged-in user (visitors get [data-needs-login] buttons that open the login
 * modal instead): GET /api/attention/operAttention and POST /api/match/reserve, then the
 * button shows the new state, or the server's message appears beside it.
 */
export function wireMatchActions(root: HTMLElement, matchId: number, sport: number): void {
  const note = root.querySelector<HTMLElement>('[data-match-note]');
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-match-action]')) {
    button.addEventListener('click', async () => {
      const follow = button.dataset.matchAction === 'follow';
      const on = button.getAttribute('aria-pressed') !== 'true';
      const token = parseTokenCookie(document.cookie) ?? '';
      const operateType = on ? '1' : '0';
      button.disabled = true;
      try {
        const res = follow
          ? await fetch(
              `/svc/api/attention/operAttention?${new URLSearchParams({ targetId: String(matchId), operateType, matchType: String(sport), type: '2', channelId: '3', platform: '1' })}`,
              { headers: { accessToken: token } },
            )
          : await fetch('/svc/api/match/reserve', {
              method: 'POST',
              headers: { accessToken: token, 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams({ matchId: String(matchId), operateType }),
            });
        const envelope = await res.json();
        if (envelope.code !== 200) throw new Error(envelope.msg || '操作失败');
        button.setAttribute('aria-pressed', String(on));
        button.textContent = follow ? (on ? '已关注' : '关注') : on ? '已预约' : '预约';
        if (note) note.textContent = '';
      } catch (err) {
        if (note) note.textContent = err instanceof Error && err.message ? err.message : '操作失败';
      } finally {
        button.disabled = false;
      }
    });
  }
}
