import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targets } from '../support/context.ts';
import { createCommunityBench, type CommunityBench } from '../support/community.ts';

/** Issue 33 item 13: a notice about a post that was deleted offers no link to a 404. */
describe.each(targets())('notices about removed content on $name', (target) => {
  let b: CommunityBench;
  beforeAll(async () => {
    b = await createCommunityBench(target);
  }, 120_000);
  afterAll(() => b.close());

  it('keeps the link while the post is up, and shows 内容已删除 without a link once it is deleted', async () => {
    const author = await b.user();
    const fan = await b.user();
    const posted = await b.quickPost(author.token);
    expect(posted.code).toBe(200);
    const postId = posted.data.id as number;
    const replied = await b.post(
      '/inform/comment/reply',
      { postId, content: '说得有道理，下半场的换人很关键' },
      { token: fan.token, json: true },
    );
    expect(replied.code).toBe(200);
    const notices = () => b.app.services.notifications.list(author.id, { pageNum: 1, pageSize: 20 });
    const before = (await notices()).list.find((n) => n.link?.startsWith(`/community/post/${postId}`));
    expect(before).toMatchObject({ removed: false });
    const deleted = await b.get('/inform/post/anchor/delete', { postId }, { token: author.token });
    expect(deleted.code).toBe(200);
    const after = (await notices()).list.find((n) => n.id === before!.id)!;
    expect(after.link).toBeNull();
    expect(after.removed).toBe(true);
  });
});
