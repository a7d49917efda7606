import { whenMe } from './me.ts';
import { call } from './svc.ts';

/**
 * A circle's detail page is one copy for every reader (issue #34): its 加入圈子 is the visitor's
 * button, and a logged-in fan's browser makes it theirs — joined or not, from GET
 * /svc/inform/circle/list (the caller's `joined`) — for community-actions.ts to toggle.
 */
const button = document.querySelector<HTMLElement>('[data-act="circle"][data-needs-login]');
if (button)
  void whenMe().then(async (me) => {
    if (!me) return;
    const res = await call<{ id: number; joined: boolean }[]>('GET', '/inform/circle/list');
    if (res.code !== 200) return; // the visitor's button stays: a click opens the login modal
    const joined = res.data.some((c) => c.id === Number(button.dataset.id) && c.joined);
    button.removeAttribute('data-needs-login');
    button.setAttribute('aria-pressed', String(joined));
    button.textContent = joined ? '已加入' : '加入圈子';
  });
