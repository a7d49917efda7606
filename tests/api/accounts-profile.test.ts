import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema/index.ts';
import { createAccountsBench, randomMobile, type AccountsBench } from '../support/accounts.ts';
import { targets } from '../support/context.ts';

describe.each(targets())('profile on $name', (target) => {
  let b: AccountsBench;
  let fan: string; // 13800000001's token
  let expert: string; // 13800000003's token
  beforeAll(async () => {
    b = await createAccountsBench(target);
    fan = await b.tokenOf('13800000001');
    expert = await b.tokenOf('13800000003');
  });
  afterAll(() => b.close());

  const idOf = async (mobile: string) =>
    (await b.app.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile)))[0].id;

  it('GET /user/center/info returns the caller, masked, and 401 without login', async () => {
    const { data } = await b.get('/user/center/info', { channelId: 3, platform: 1 }, { token: expert });
    expect(data).toEqual({
      id: await idOf('13800000003'),
      nickName: '竞彩老李',
      // one of the demo set, given to demo authors without a picture (src/server/seed/community/posts.ts)
      portrait: expect.stringMatching(/^\/avatars\/demo-\d+\.svg$/),
      level: 6,
      // seeded 31 000, plus 10 for the first login of the day
      experience: 31_010,
      isAnchor: 0,
      isExpert: 1,
      mobile: '138****0003',
      gender: 0,
      birthday: null,
      signature: '',
      hasPassword: true,
      needsProfile: false,
      realName: { status: 0, name: null },
      roles: [],
      nobility: null,
    });
    expect(await b.get('/user/center/info')).toMatchObject({ status: 401, code: 401, msg: '请先登录' });
  });

  it('GET /user/check/nick-name tells whether a name is free, case-insensitively', async () => {
    expect((await b.get('/user/check/nick-name', { nickName: '球迷小王' })).data).toEqual({
      available: false,
    });
    expect((await b.get('/user/check/nick-name', { nickName: '球迷小王' }, { token: fan })).data).toEqual({
      available: true,
    });
    expect((await b.get('/user/check/nick-name', { nickName: '没人用的名字' })).data).toEqual({
      available: true,
    });
    expect((await b.get('/user/check/nick-name', { nickName: 'x' })).msg).toBe(
      '昵称为2-12个字符，不能包含空格或特殊控制字符',
    );
  });

  it('updateNickName renames, refuses taken names, and completes a new profile', async () => {
    const { data } = await b.loginByCode(randomMobile());
    const token = data.token;
    expect((await b.get('/user/center/updateNickName', { nickName: '主播阿杰' }, { token })).msg).toBe(
      '该昵称已被使用，请换一个',
    );
    const name = `改名${Date.now() % 1_000_000}`;
    expect((await b.get('/user/center/updateNickName', { nickName: name }, { token })).code).toBe(200);
    const info = (await b.get('/user/center/info', undefined, { token })).data;
    expect(info).toMatchObject({ nickName: name, needsProfile: false });
    expect((await b.get('/user/center/updateNickName', { nickName: name })).status).toBe(401);
  });

  it('updateInfo sets gender, birthday and signature, and validates each', async () => {
    const me = await b.tokenOf('13800000009');
    const ok = await b.post(
      '/user/center/updateInfo',
      { gender: 2, birthday: '1995-06-18', signature: '<i>足球</i>是圆的' },
      { token: me },
    );
    expect(ok.code).toBe(200);
    expect((await b.get('/user/center/info', undefined, { token: me })).data).toMatchObject({
      gender: 2,
      birthday: '1995-06-18',
      signature: '<i>足球</i>是圆的',
    });
    const bad = async (body: Record<string, unknown>) =>
      (await b.post('/user/center/updateInfo', body, { token: me })).msg;
    expect(await bad({ gender: 3 })).toBe('性别取值不正确');
    for (const birthday of ['1899-12-31', '2999-01-01', '1995-02-30', '95-06-18'])
      expect(await bad({ birthday })).toBe('请输入正确的生日');
    expect(await bad({ signature: '球'.repeat(61) })).toBe('个性签名不能超过60个字，且不能包含特殊控制字符');
    // Control characters are refused at the door for every field (src/server/gateway/control-chars.ts).
    expect(await bad({ signature: 'a\u0007b' })).toBe('输入包含无效字符');
    expect(
      (await b.post('/user/center/updateInfo', { birthday: '', signature: '' }, { token: me })).code,
    ).toBe(200);
    expect((await b.get('/user/center/info', undefined, { token: me })).data).toMatchObject({
      gender: 2,
      birthday: null,
      signature: '',
    });
  });

  it('GET /user/info/personal-space shows the public profile with follow counts', async () => {
    const anchorId = await idOf('13800000002');
    const { data } = await b.get('/user/info/personal-space', { id: anchorId });
    expect(data).toMatchObject({
      id: anchorId,
      nickName: '主播阿杰',
      level: 5,
      isAnchor: 1,
      isExpert: 0,
      followers: 2,
      following: 1,
    });
    expect(data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(data).not.toHaveProperty('mobile');
    expect(await b.get('/user/info/personal-space', { id: 999999 })).toMatchObject({
      status: 404,
      msg: '用户不存在',
    });
    expect((await b.get('/user/info/personal-space', { id: 'abc' })).status).toBe(400);
  });

  it('GET /user/info/attention lists whom a user follows, by type and page', async () => {
    // The demo fan follows two anchors (主播阿杰, and 篮球老张 from the live-room seed) and one expert.
    const fanId = await idOf('13800000001');
    const all = await b.get('/user/info/attention', { userId: fanId, page: 1 });
    expect(all.data).toMatchObject({ total: 3, page: 1, pageSize: 30 });
    expect(all.data.list.map((r: any) => [r.nickName, r.targetType]).sort()).toEqual([
      ['主播阿杰', 'anchor'],
      ['竞彩老李', 'expert'],
      ['篮球老张', 'anchor'],
    ]);
    const anchors = await b.get('/user/info/attention', { userId: fanId, type: 1 });
    expect(anchors.data.list).toHaveLength(2);
    expect(anchors.data.list.every((r: any) => r.isAnchor === 1 && r.targetType === 'anchor')).toBe(true);
    expect(
      (await b.get('/user/info/attention', { userId: fanId, type: 'expert' })).data.list.map(
        (r: any) => r.nickName,
      ),
    ).toEqual(['竞彩老李']);
    const paged = await b.get('/user/info/attention', { userId: fanId, page: 2, pageSize: 1 });
    expect(paged.data).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(paged.data.list).toHaveLength(1);
    expect((await b.get('/user/info/attention', undefined, { token: fan })).data.total).toBe(3);
    expect((await b.get('/user/info/attention')).status).toBe(400);
    expect((await b.get('/user/info/attention', { userId: fanId, type: 'toString' })).status).toBe(400);
  });

  it('POST /tj/expert/info returns the expert profile, or {} for others', async () => {
    const { data } = await b.post('/tj/expert/info', undefined, { token: expert });
    expect(data).toMatchObject({
      userId: await idOf('13800000003'),
      nickName: '竞彩老李',
      title: expect.any(String),
      tags: expect.arrayContaining(['英超']),
    });
    expect((await b.post('/tj/expert/info', undefined, { token: fan })).data).toEqual({});
    expect((await b.post('/tj/expert/info')).status).toBe(401);
  });

  it('GET /user/common/getEmojis lists [名字] tokens whose images exist in public/', async () => {
    const { data } = await b.get('/user/common/getEmojis');
    expect(data.length).toBeGreaterThanOrEqual(60);
    expect(data[0]).toEqual({ code: '[微笑]', name: '微笑', url: '/emoji/1f642.svg' });
    for (const name of ['足球', '篮球', '奖杯', '火', '赞', '鼓掌'])
      expect(data.map((e: any) => e.name)).toContain(name);
    for (const e of data) {
      expect(e.code).toBe(`[${e.name}]`);
      expect(existsSync(new URL(`../../public${e.url}`, import.meta.url))).toBe(true);
    }
    expect(new Set(data.map((e: any) => e.name)).size).toBe(data.length);
    expect(existsSync(new URL('../../public/emoji/LICENSE.md', import.meta.url))).toBe(true);
  });
});
