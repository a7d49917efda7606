// The `<user-menu>` and `<notice-badge>` of UserArea.astro, loaded with the shell's one script (src/scripts/shell.ts)
// rather than as a script file of its own on every page.
import { logoutAndLeave } from '../logout.ts';

class UserMenu extends HTMLElement {
  connectedCallback() {
    const toggle = this.querySelector<HTMLButtonElement>('[data-toggle]')!;
    const menu = this.querySelector<HTMLElement>('[data-menu]')!;
    const setOpen = (open: boolean) => {
      menu.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
    };
    toggle.addEventListener('click', () => setOpen(menu.hidden === true));
    document.addEventListener('click', (e) => {
      if (!this.contains(e.target as Node)) setOpen(false);
    });
    this.addEventListener('keydown', (e) => e.key === 'Escape' && setOpen(false));
    this.querySelector('[data-logout]')!.addEventListener('click', () => void logoutAndLeave());
  }
}
customElements.define('user-menu', UserMenu);

/** The unread badge; the live part (socket on the user channel) loads when the browser is idle. */
class NoticeBadge extends HTMLElement {
  connectedCallback() {
    const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1500));
    idle(() => void import('../notice-live.ts').then((m) => m.listen(this)));
  }
}
customElements.define('notice-badge', NoticeBadge);
