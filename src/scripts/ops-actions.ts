import type { Envelope } from '../lib/api/envelope.ts';
import { askReason } from './ops-reason.ts';
import { toast } from './page-actions.ts';
import { call } from './svc.ts';

/**
 * The console pages' one interaction script: `data-call="/path"` on a button or a form posts to /svc.
 * - button: `data-body='{"id":1}'` is the body; `data-ask="原因提示"` asks for a reason first in an
 *   in-page dialog (ops-reason.ts: cancel stops; an empty reason is refused unless `data-ask-optional`;
 *   `data-ask-field` names the field, default `reason`); `data-with="#select"` adds that control's
 *   value under its name.
 * - form: posts its named fields as JSON (unchecked checkboxes as 0), plus its `data-body`.
 * - either: `data-confirm="确定…？"` asks first. The form's last `[role=status]` (or a toast) shows the
 *   server's message. On success the page reloads (the lists are server-rendered), unless the element has
 *   `data-keep`: then it fires `ops:done` ({detail: reply}) for the page to show the result.
 * Nothing changes on the page until the call succeeds; a refusal shows the server's Chinese message.
 */
export type OpsDone = CustomEvent<Envelope<unknown>>;

async function run(el: HTMLElement, body: Record<string, unknown>) {
  if (el.dataset.confirm && !confirm(el.dataset.confirm)) return;
  const button = el instanceof HTMLFormElement ? el.querySelector('button[type=submit]') : el;
  if (button instanceof HTMLButtonElement) button.disabled = true;
  const reply = await call<unknown>('POST', el.dataset.call!, body);
  if (button instanceof HTMLButtonElement) button.disabled = false;
  // The form's own status is its last one (a second-factor field inside the form has its own before it).
  const status =
    el instanceof HTMLFormElement ? [...el.querySelectorAll<HTMLElement>('[role=status]')].at(-1) : null;
  if (status) {
    status.textContent = reply.msg;
    status.classList.toggle('text-accent', reply.code !== 200);
  } else if (reply.code !== 200) toast(reply.msg);
  if (reply.code !== 200) return;
  if (el.dataset.keep === undefined) location.reload();
  else el.dispatchEvent(new CustomEvent('ops:done', { detail: reply, bubbles: true }));
}

const bodyOf = (el: HTMLElement) => JSON.parse(el.dataset.body ?? '{}') as Record<string, unknown>;

document.addEventListener('click', async (e) => {
  const btn = (e.target as Element).closest<HTMLButtonElement>('button[data-call]');
  if (!btn) return;
  const body = bodyOf(btn);
  if (btn.dataset.ask) {
    const reason = await askReason(btn.dataset.ask, btn.dataset.askOptional !== undefined);
    if (reason === null) return;
    body[btn.dataset.askField ?? 'reason'] = reason;
  }
  const control = btn.dataset.with
    ? document.querySelector<HTMLSelectElement | HTMLInputElement>(btn.dataset.with)
    : null;
  if (control) body[control.name] = control.value;
  void run(btn, body);
});

document.addEventListener('submit', (e) => {
  const form = (e.target as Element).closest<HTMLFormElement>('form[data-call]');
  if (!form) return;
  e.preventDefault();
  const body = bodyOf(form);
  for (const el of Array.from(form.elements) as HTMLInputElement[]) {
    if (!el.name || (el.type === 'radio' && !el.checked)) continue;
    body[el.name] = el.type === 'checkbox' ? (el.checked ? 1 : 0) : el.value;
  }
  void run(form, body);
});
