import { call, toast } from './page-actions.ts';

/**
 * The console pages' one interaction script (/ops/anchors, /ops/users, /ops/content):
 * - `<button data-call="/ops/…" data-body='{"id":1}' data-ask="原因提示">`: asks for a reason when
 *   `data-ask` is set (cancel stops; `data-ask-optional` lets it be empty), posts, reloads;
 * - `<form data-call="/ops/…">`: posts its fields as JSON (unchecked checkboxes as 0), reloads.
 * Refusals show the server's Chinese message; nothing changes on the page until the call succeeds.
 */
async function run(path: string, body: Record<string, unknown>) {
  const res = await call('POST', path, body);
  if (res.code !== 200) return toast(res.msg);
  location.reload();
}

document.addEventListener('click', (e) => {
  const btn = (e.target as Element).closest<HTMLButtonElement>('button[data-call]');
  if (!btn) return;
  const body = JSON.parse(btn.dataset.body ?? '{}') as Record<string, unknown>;
  if (btn.dataset.ask) {
    const reason = prompt(btn.dataset.ask, '');
    if (reason === null) return;
    if (!reason.trim() && btn.dataset.askOptional === undefined) return toast('请填写原因');
    body[btn.dataset.askField ?? 'reason'] = reason.trim();
  }
  const select = btn.dataset.with ? document.querySelector<HTMLSelectElement>(btn.dataset.with) : null;
  if (select) body[select.name] = select.value;
  void run(btn.dataset.call!, body);
});

document.addEventListener('submit', (e) => {
  const form = e.target as HTMLFormElement;
  if (!form.dataset.call) return;
  e.preventDefault();
  const body: Record<string, unknown> = {};
  for (const el of Array.from(form.elements) as HTMLInputElement[]) {
    if (!el.name) continue;
    body[el.name] = el.type === 'checkbox' ? (el.checked ? 1 : 0) : el.value;
  }
  void run(form.dataset.call, body);
});
