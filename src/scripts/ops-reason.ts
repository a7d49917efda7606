/**
 * The console's reason dialog (instead of the browser's prompt()): a modal <dialog> with the question
 * as the label of a text box. A required reason refuses an empty box with 请填写原因 and stays open;
 * resolves with the trimmed text, or null on 取消 / Esc.
 */
export function askReason(question: string, optional: boolean): Promise<string | null> {
  const dialog = document.createElement('dialog');
  dialog.className = 'card w-[min(92vw,420px)] p-5 backdrop:bg-black/50';
  dialog.setAttribute('aria-label', question);
  dialog.innerHTML =
    '<form method="dialog" class="flex flex-col gap-3" novalidate>' +
    '<label class="flex flex-col gap-1 text-sm font-medium"><span></span>' +
    '<textarea name="reason" rows="3" maxlength="200" class="input font-normal"></textarea></label>' +
    '<p role="alert" class="text-sm text-accent"></p>' +
    '<div class="flex justify-end gap-2"><button value="" class="btn-ghost">取消</button>' +
    '<button value="ok" class="btn-primary">确定</button></div></form>';
  dialog.querySelector('label > span')!.textContent = optional ? `${question}（可不填）` : question;
  const box = dialog.querySelector('textarea')!;
  const error = dialog.querySelector<HTMLElement>('[role=alert]')!;
  box.required = !optional;
  dialog.querySelector('button[value=ok]')!.addEventListener('click', (e) => {
    if (optional || box.value.trim()) return;
    e.preventDefault();
    error.textContent = '请填写原因';
    box.setAttribute('aria-invalid', 'true');
    box.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'ok' ? box.value.trim() : null);
      dialog.remove();
    });
  });
}
