import { readToken } from '../lib/api/cookie.ts';
import { COMMUNITY_REPORT_REASONS } from '../lib/community/rules.ts';

/**
 * The community pages' interactions, loaded on the first click or submit (see community-loader.ts):
 * likes, comments and replies, reports, join/leave, share, shield, pin (staff) and delete. Plain fetch, no framework.
 */
interface Envelope<T = Record<string, unknown>> {
  code: number;
  msg: string;
  data: T;
}

async function call<T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { accessToken: readToken() ?? '' };
  let url = `/svc${path}`;
  if (method === 'GET') url += `${url.includes('?') ? '&' : '?'}channelId=3&platform=1`;
  else headers['Content-Type'] = 'application/json';
  try {
    const res = await fetch(url, { method, headers, body: body ? JSON.stringify(body) : undefined });
    return (await res.json()) as Envelope<T>;
  } catch {
    return { code: 0, msg: '网络异常，请稍后再试', data: null as T };
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

async function like(btn: HTMLElement) {
  const [kind, id] = [btn.dataset.kind, btn.dataset.id];
  const res = await call('GET', `/inform/${kind}/like/${id}`);
  if (res.code !== 200) return toast(res.msg);
  btn.setAttribute('aria-pressed', String(res.data.liked));
  btn.querySelector('[data-count]')!.textContent = String(res.data.likeCount);
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
  like,
  async report(el) {
    const reason = await chooseReason();
    if (!reason) return;
    const res = await call('POST', '/inform/report/add', {
      targetType: el.dataset.kind,
      targetId: Number(el.dataset.id),
      reason,
    });
    toast(
      res.code === 200
        ? res.data.hidden
          ? '举报成功，该内容已隐藏等待审核'
          : '举报成功，我们会尽快处理'
        : res.msg,
    );
  },
  reply(el) {
    const form = document.querySelector<HTMLFormElement>('form[data-comment-form]')!;
    form.parentId.value = el.dataset.id ?? '';
    const box = form.querySelector('textarea')!;
    box.placeholder = `回复 @${el.dataset.nick}：`;
    box.focus();
  },
  async circle(el) {
    const joining = el.getAttribute('aria-pressed') !== 'true';
    const res = await call('POST', `/inform/circle/${joining ? 'join' : 'leave'}`, {
      circleId: Number(el.dataset.id),
    });
    if (res.code !== 200) return toast(res.msg);
    el.setAttribute('aria-pressed', String(joining));
    el.textContent = joining ? '已加入' : '加入圈子';
    document.querySelector('[data-member-count]')!.textContent = String(res.data.memberCount);
  },
  async share() {
    const data = { title: document.title, url: location.href.split('#')[0] };
    if (navigator.share) return navigator.share(data).catch(() => {});
    await navigator.clipboard?.writeText(data.url);
    toast('链接已复制，快分享给球友吧');
  },
  async shield(el) {
    const res = await call('POST', '/inform/post/shield', {
      [el.dataset.kind === 'author' ? 'authorId' : 'postId']: Number(el.dataset.id),
    });
    toast(res.code === 200 ? '已屏蔽，之后不会在你的列表中出现' : res.msg);
  },
  async pin(el) {
    const pinned = el.dataset.pinned !== 'true';
    const res = await call('POST', '/inform/post/pin', {
      postId: Number(el.dataset.id),
      pinned: pinned ? 1 : 0,
    });
    if (res.code !== 200) return toast(res.msg);
    el.dataset.pinned = String(pinned);
    el.textContent = pinned ? '取消置顶' : '置顶';
    toast(pinned ? '已置顶，帖子会排在圈子最前面' : '已取消置顶');
  },
  async delete(el) {
    if (!confirm('确定删除这篇帖子吗？删除后无法恢复。')) return;
    const res = await call('GET', `/inform/post/anchor/delete?postId=${el.dataset.id}`);
    if (res.code !== 200) return toast(res.msg);
    location.href = el.dataset.back ?? '/community';
  },
};

/** Runs the action of a clicked [data-act] element. */
export function act(el: HTMLElement) {
  void actions[el.dataset.act!]?.(el);
}

/** Sends the comment form and shows the new comment by reloading at its anchor. */
export async function comment(form: HTMLFormElement) {
  const content = form.content.value.trim();
  if (!content) return toast('评论内容不能为空');
  const button = form.querySelector('button')!;
  button.disabled = true;
  const res = await call('POST', '/inform/comment/reply', {
    postId: Number(form.postId.value),
    parentId: Number(form.parentId.value) || undefined,
    content,
  });
  button.disabled = false;
  if (res.code !== 200) return toast(res.msg);
  form.reset();
  location.hash = `c${res.data.id}`;
  location.reload();
}
