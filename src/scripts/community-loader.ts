/**
 * A few hundred bytes on every community page: the first click on a [data-act] element or the
 * first comment submit loads the interaction code (community-actions.ts). Visitors' clicks on
 * [data-needs-login] elements open the login modal instead (shell.ts).
 */
const load = () => import('./community-actions.ts');

document.addEventListener('click', (e) => {
  const el = (e.target as Element | null)?.closest?.<HTMLElement>('[data-act]');
  if (!el || el.hasAttribute('data-needs-login')) return;
  e.preventDefault();
  void load().then((m) => m.act(el));
});

document.addEventListener('submit', (e) => {
  const form = e.target as HTMLFormElement;
  if (!form.matches('form[data-comment-form]')) return;
  e.preventDefault();
  void load().then((m) => m.comment(form));
});
