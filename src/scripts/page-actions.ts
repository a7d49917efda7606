import { COMMUNITY_REPORT_REASONS } from '../lib/community/rules.ts';

/** What the pages' interaction scripts (community-actions.ts, news-actions.ts) share besides svc.ts: toasts, the report dialog. */

/** A short message at the top of the page. */
export function toast(msg: string) {
  const el = document.createElement('div');
  el.setAttribute('role', 'status');
  el.className =
    'fixed left-1/2 top-20 z-[60] -translate-x-1/2 rounded-md bg-ink/90 px-4 py-2 text-sm text-white';
  el.textContent = msg;
  document.body.append(el);
  setTimeout(() => el.remove(), 2500);
}

/** Asks for a report reason (tiles like the site's other choice forms); null when cancelled. */
export function chooseReason(): Promise<string | null> {
  const dialog = document.createElement('dialog');
  dialog.className = 'card w-[min(92vw,420px)] p-5 backdrop:bg-black/50';
  dialog.setAttribute('aria-labelledby', 'report-reason-title');
  dialog.innerHTML =
    '<form method="dialog"><fieldset><legend id="report-reason-title" class="mb-3 text-base font-bold">举报原因</legend>' +
    '<div class="grid grid-cols-2 gap-2"></div></fieldset>' +
    '<div class="mt-4 flex justify-end gap-2"><button value="" class="btn-ghost">取消</button><button value="ok" class="btn-primary">提交举报</button></div></form>';
  const list = dialog.querySelector('fieldset > div')!;
  for (const [i, r] of COMMUNITY_REPORT_REASONS.entries()) {
    const label = document.createElement('label');
    label.className = 'choice-tile';
    label.innerHTML = `<input type="radio" name="reason" ${i === 0 ? 'checked' : ''}>`;
    label.querySelector('input')!.value = r;
    label.append(r);
    list.append(label);
  }
  document.body.append(dialog);
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      const picked = dialog.querySelector<HTMLInputElement>('input:checked')?.value ?? null;
      resolve(dialog.returnValue === 'ok' ? picked : null);
      dialog.remove();
    });
  });
}

/**
 * The refusal of a second report (COMMUNITY_MSG.reportDuplicate, NEWS_MSG.reportDuplicate both begin so): the
 * button turns 已举报 as after a first one. Matched on the words to keep the messages table out of
 * this script.
 */
export const alreadyReported = (msg: string) => msg.startsWith('您已经举报过');

/** A report button once its report is in (or was already): 已举报, and no second try. */
export function markReported(btn: HTMLElement) {
  btn.textContent = '已举报';
  if (btn instanceof HTMLButtonElement) btn.disabled = true;
}
