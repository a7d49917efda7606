import { alreadyReported, chooseReason, markReported, toast } from './page-actions.ts';
import { call } from './svc.ts';

/**
 * The community pages' interactions, loaded on the first click or submit (see community-loader.ts):
 * likes, comments and replies, reports, join/leave, share, shield, pin (staff) and delete. Plain fetch, no framework.
 */

async function like(btn: HTMLElement) {
  const [kind, id] = [btn.dataset.kind, btn.dataset.id];
  const res = await call('GET', `/inform/${kind}/like/${id}`);
  if (res.code !== 200) return toast(res.msg);
  btn.setAttribute('aria-pressed', String(res.data.liked));
  btn.querySelector('[data-count]')!.textContent = String(res.data.likeCount);
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
    if (res.code === 200 || alreadyReported(res.msg)) markReported(el);
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
