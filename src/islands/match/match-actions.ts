/**
 * 关注 / 预约 for a logged-in user (the page has a visitor's [data-needs-login] buttons, which open
 * the login modal; scripts/match-states.ts makes them a fan's [data-match-action] ones first):
 * GET /api/attention/operAttention and POST /api/match/reserve, then the
 * button shows the new state, or the server's message (failureText) appears beside it.
 */
export function wireMatchActions(root: HTMLElement, matchId: number, sport: number): void {
  const note = root.querySelector<HTMLElement>('[data-match-note]');
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-match-action]')) {
    button.addEventListener('click', async () => {
      const follow = button.dataset.matchAction === 'follow';
      const on = button.getAttribute('aria-pressed') !== 'true';
      const operateType = on ? 1 : 0;
      button.disabled = true;
      try {
        // Loaded on the first click: the page itself ships no API client.
        const { api, failureText } = await import('../../lib/api/index.ts');
        try {
          if (follow)
            await api.get('/api/attention/operAttention', {
              targetId: matchId,
              operateType,
              matchType: sport,
              type: 2,
            });
          else await api.post('/api/match/reserve', { matchId, operateType });
          button.setAttribute('aria-pressed', String(on));
          button.textContent = follow ? (on ? '已关注' : '关注') : on ? '已预约' : '预约';
          if (note) note.textContent = '';
        } catch (err) {
          if (note) note.textContent = failureText(err);
        }
      } finally {
        button.disabled = false;
      }
    });
  }
}
