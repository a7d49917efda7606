import { readToken } from '../lib/api/cookie.ts';

export interface OpsReply<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** A console call to /svc with the staff member's token; JSON in, the envelope out. */
export async function opsCall<T = unknown>(
  path: string,
  body?: Record<string, unknown>,
): Promise<OpsReply<T>> {
  try {
    const res = await fetch(`/svc${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'Content-Type': 'application/json', accessToken: readToken() ?? '' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as OpsReply<T>;
  } catch {
    return { code: 0, msg: '网络异常，请稍后重试', data: null as T };
  }
}

/**
 * Console forms: `<form data-ops-call="/pay/operator/…">` posts its fields to that call. The form's
 * `[role=status]` shows the server's message; on success the page reloads (the lists are server-rendered),
 * unless `onDone` takes the reply (a form with data-ops-keep).
 */
export function wireOpsForms(onDone?: (form: HTMLFormElement, reply: OpsReply) => void) {
  document.addEventListener('submit', async (e) => {
    const form = (e.target as Element).closest<HTMLFormElement>('form[data-ops-call]');
    if (!form) return;
    e.preventDefault();
    const status = form.querySelector<HTMLElement>('[role=status]');
    const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
    if (button) button.disabled = true;
    const body = Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]));
    const reply = await opsCall(form.dataset.opsCall!, body);
    if (button) button.disabled = false;
    if (status) {
      status.textContent = reply.msg;
      status.classList.toggle('text-accent', reply.code !== 200);
    }
    if (reply.code !== 200) return;
    if (form.dataset.opsKeep !== undefined) onDone?.(form, reply);
    else location.reload();
  });
}
