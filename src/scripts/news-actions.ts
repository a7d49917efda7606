import { alreadyReported, chooseReason, markReported, toast } from './page-actions.ts';
import { call as callSvc } from './svc.ts';

/** Article interactions, loaded on first use (news-loader.ts): collect, share, comment likes, replies, reports. */

/** The news calls live under /svc/inform/info. */
const call = (method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) =>
  callSvc(method, `/inform/info${path}`, body);

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
    if (res.code === 200 || alreadyReported(res.msg)) markReported(el);
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
