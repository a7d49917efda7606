import { toast } from './alerts.ts';

/**
 * 关注 buttons of a logged-in user (`[data-follow]`; a visitor's buttons carry data-needs-login and
 * open the login modal instead). GET /api/attention/operAttention flips the follow on the server.
 */
export function setupFollow(root: HTMLElement) {
  root.addEventListener('click', async (e) => {
    const button = (e.target as Element).closest?.<HTMLButtonElement>('[data-follow]');
    if (!button || button.disabled) return;
    const on = button.getAttribute('aria-pressed') !== 'true';
    button.disabled = true;
    try {
      const { api, failureText } = await import('../../lib/api/index.ts');
      try {
        const query = {
          targetId: button.dataset.follow!,
          operateType: on ? 1 : 0,
          matchType: button.dataset.sport ?? '1',
          type: 2,
        };
        const { data } = await api.get<{ isFollowed: boolean }>('/api/attention/operAttention', query);
        // Every copy of the row (a pinned one too) shows the same state.
        for (const b of root.querySelectorAll<HTMLButtonElement>(
          `[data-follow="${button.dataset.follow}"]`,
        )) {
          b.setAttribute('aria-pressed', String(data.isFollowed));
          b.title = data.isFollowed ? '取消关注' : '关注';
        }
        toast(root, data.isFollowed ? '已关注，可在「关注」中查看' : '已取消关注');
      } catch (err) {
        toast(root, failureText(err));
      }
    } finally {
      button.disabled = false;
    }
  });
}
