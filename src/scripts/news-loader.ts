import { whenMe } from './me.ts';

/**
 * A few hundred bytes on article pages: the first click on a [data-news] element or the first
 * comment submit loads the interaction code (news-actions.ts). Visitors' clicks on
 * [data-needs-login] elements open the login modal instead (shell.ts). For a logged-in fan the
 * page's own states load as soon as the header knows them (news-states.ts).
 */
const loadNews = () => import('./news-actions.ts');

void whenMe().then((me) => {
  if (me) void import('./news-states.ts').then((m) => m.fillNewsStates());
});

document.addEventListener('click', (e) => {
  const el = (e.target as Element | null)?.closest?.<HTMLElement>('[data-news]');
  if (!el || el.hasAttribute('data-needs-login')) return;
  e.preventDefault();
  void loadNews().then((m) => m.act(el));
});

document.addEventListener('submit', (e) => {
  const form = e.target as HTMLFormElement;
  if (!form.matches('form[data-news-comment]')) return;
  e.preventDefault();
  void loadNews().then((m) => m.comment(form));
});
export {};
