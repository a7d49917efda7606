import { readToken } from '../lib/api/cookie.ts';
import { COMMUNITY_REPORT_REASONS } from '../lib/community/rules.ts';

/** Article interactions, loaded on first use (news-loader.ts): collect, share, comment likes, replies, reports. */
interface Envelope {
  code: number;
  msg: string;
  data: Record<string, unknown>;
}

async function call(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<Envelope> {
  const headers: Record<string, string> = { accessToken: readToken() ?? '' };
  let url = `/svc/inform/info${path}`;
  if (method === 'GET') url += `${url.includes('?') ? '&' : '?'}channelId=3&platform=1`;
  else headers['Content-Type'] = 'application/json';
  try {
    const res = await fetch(url, { method, headers, body: body ? JSON.stringify(body) : undefined });
    return (await res.json()) as Envelope;
  } catch {
    return { code: 0, msg: '网络异常，请稍后再试', data: {} };
  }
}

function toast(msg: string) {
  const el = document.createElement('div');
  el.setAttribute('role', 'status');
  el.className =
    'fixed left-1/2 top-20 z-[60] -translate-x-1/2 rounded-md bg-ink/90 px-4 py-2 text-sm text-white';
  el.textContent = msg;
  document.body.append(el);
  setTimeout(() => el.remove(), 2500);
}

function chooseReason(): Promise<string | null> {
  const dialog = document.createElement('dialog');
  dialog.className = 'card w-72 p-4';
  dialog.innerHTML =
    '<form method="dialog"><h2 class="mb-2 font-bold">举报原因</h2><div class="flex flex-col gap-1 text-sm"></div>' +
    '<div class="mt-3 flex justify-end gap-2"><button value="" class="btn-ghost">取消</button><button value="ok" class="btn-primary">提交举报</button></div></form>';
  const list = dialog.querySelector('div')!;
  for (const [i, r] of COMMUNITY_REPORT_REASONS.entries()) {
    const label = document.createElement('label');
    label.className = 'flex items-center gap-2';
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

const actions: Record<string, (el: HTMLElement) => Promise<void> | void> = {
  async collect(el) {
    const res = await call('GET', `/collect?collectId=${el.dataset.id}&type=1`);
    if (res.code !== 200) return toast(res.msg);
    const on = res.data.collected === true;
    el.setAttribute('aria-pressed', String(on));
    el.querySelector('[data-label]')!.textContent = on ? '已收藏' : '收藏';
    el.querySelector('[data-count]')!.textContent = String(res.data.collectCount);
    toast(on ? '已收藏，可在“我的收藏”中查看' : '已取消收藏');
  },
  async like(el) {
    const res = await call('GET', `/comment/like/${el.dataset.id}`);
    if (res.code !== 200) return toast(res.msg);
    el.setAttribute('aria-pressed', String(res.data.liked));
    el.querySelector('[data-count]')!.textContent = String(res.data.likeCount);
  },
  async report(el) {
    const reason = await chooseReason();
    if (!reason) return;
    const res = await call('POST', '/comment/report', { commentId: Number(el.dataset.id), reason });
    toast(
      res.code === 200
        ? res.data.hidden
          ? '举报成功，该评论已隐藏等待审核'
          : '举报成功，我们会尽快处理'
        : res.msg,
    );
  },
  reply(el) {
    const form = document.querySelector<HTMLFormElement>('form[data-news-comment]')!;
    form.parentId.value = el.dataset.id ?? '';
    const box = form.querySelector('textarea')!;
    box.placeholder = `回复 @${el.dataset.nick}：`;
    box.focus();
  },
  async share() {
    const data = { title: document.title, url: location.href.split('#')[0].split('?')[0] };
    if (navigator.share) return navigator.share(data).catch(() => {});
    await navigator.clipboard?.writeText(data.url);
    toast('链接已复制，快分享给球友吧');
  },
};

export function act(el: HTMLElement) {
  void actions[el.dataset.news!]?.(el);
}

/** Sends the comment form and shows the new comment by reloading at its anchor. */
export async function comment(form: HTMLFormElement) {
  const content = form.content.value.trim();
  if (!content) return toast('评论内容不能为空');
  const button = form.querySelector('button')!;
  button.disabled = true;
  const res = await call('POST', '/comment/reply', {
    articleId: Number(form.articleId.value),
    parentId: Number(form.parentId.value) || undefined,
    content,
  });
  button.disabled = false;
  if (res.code !== 200) return toast(res.msg);
  form.reset();
  location.hash = `c${res.data.id}`;
  location.reload();
}
