import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotSearches, hotSearchVisitors, opsLog } from '../../src/server/db/schema/index.ts';
import { HOT_MIN_SEARCHERS } from '../../src/server/services/search/hot.ts';
import { targets } from '../support/context.ts';
import { createLiveBench, DEMO, type LiveBench } from '../support/live.ts';

describe.each(targets())('hot search words on $name', (target) => {
  let b: LiveBench;
  let operator: string;
  let fan: string;
  let editor: string;
  beforeAll(async () => {
    b = await createLiveBench(target);
    await b.app.services.search.index.sync();
    [operator, fan, editor] = await Promise.all([
      b.tokenOf(DEMO.operator),
      b.tokenOf(DEMO.fan),
      b.tokenOf(DEMO.editor),
    ]);
  }, 180_000);
  afterAll(async () => {
    await b?.close();
  });

  const searchFrom = (val: string, ip: string) => b.get('/api/search/all', { val }, { ip });
  const hot = async () => ((await b.get('/api/search/list')).data as { word: string }[]).map((w) => w.word);
  const fresh = async () => {
    await b.app.services.search.hot.flush();
    b.app.services.search.hot.list.invalidate();
  };

  /** `n` different visitors (addresses 10.{net}.0.1 …) search `word` once each. */
  const searchedBy = async (word: string, n: number, net: number) => {
    for (let i = 1; i <= n; i++) await searchFrom(word, `10.${net}.0.${i}`);
  };

  it('one visitor searching ten words ten times each changes nothing on the hot list', async () => {
    const before = await hot();
    const words = ['提现', '开播', '充值', '礼物', '红包', '贵族', '球钻', '球票', '密码', '实名'];
    const found: string[] = [];
    for (const word of words) if ((await searchFrom(word, '10.8.0.1')).data.total > 0) found.push(word);
    expect(found.length).toBeGreaterThanOrEqual(8);
    for (let round = 1; round < 10; round++) for (const word of found) await searchFrom(word, '10.8.0.1');
    await fresh();
    expect(await hot()).toEqual(before);
    // Counted once per visitor and word, whatever the repeats.
    const [row] = await b.app.db.select().from(hotSearches).where(eq(hotSearches.word, '提现'));
    expect(row.hits).toBe(1);
  });

  it('shows a word once enough different visitors searched it, busiest first; a search that found nothing never counts', async () => {
    await searchedBy('提现', HOT_MIN_SEARCHERS + 1, 9);
    await searchedBy('开播', HOT_MIN_SEARCHERS + 3, 10);
    await searchedBy('充值', HOT_MIN_SEARCHERS - 2, 11); // one short of the floor with 10.8.0.1's search
    await searchedBy('没有这样的词qzx', HOT_MIN_SEARCHERS + 5, 12);
    await fresh();
    expect(await hot()).toEqual(['开播', '提现']);
  });

  it("never counts a lookup (the news editor's picker, lookup=1), however many look", async () => {
    for (let i = 1; i <= HOT_MIN_SEARCHERS + 3; i++) {
      const found = await b.get('/api/search/all', { val: '礼物', lookup: 1 }, { ip: `10.13.0.${i}` });
      expect(found.data.total).toBeGreaterThan(0);
    }
    await fresh();
    expect(await hot()).not.toContain('礼物');
    const [row] = await b.app.db.select().from(hotSearches).where(eq(hotSearches.word, '礼物'));
    expect(row?.hits ?? 0).toBeLessThanOrEqual(1); // the one visitor of the first test at most
  });

  it('lets old searches fade: searchers two days ago weigh less, and a week on they no longer count', async () => {
    const ago = (days: number) => new Date(Date.now() - days * 24 * 3600_000);
    const age = (word: string, days: number) =>
      b.app.db
        .update(hotSearchVisitors)
        .set({ searchedAt: ago(days) })
        .where(eq(hotSearchVisitors.word, word));
    // 开播: nine searchers two days ago weigh 9/4; 提现: seven today weigh 7.
    await age('开播', 2);
    await fresh();
    expect(await hot()).toEqual(['提现', '开播']);
    await age('开播', 8);
    await fresh();
    expect(await hot()).toEqual(['提现']);
  });

  it('lets operators pin and hide words, each action in the ops log', async () => {
    const pin = await b.post('/api/search/word/pin', { word: '欧冠', pinned: 1 }, { token: operator });
    expect(pin).toMatchObject({ code: 200, data: { word: '欧冠', pinned: true, hidden: false } });
    const hide = await b.post('/api/search/word/hide', { word: '提现', hidden: 1 }, { token: operator });
    expect(hide.data).toMatchObject({ word: '提现', hidden: true });
    expect(await hot()).toEqual(['欧冠']);

    const words = (await b.get('/api/search/words', {}, { token: operator })).data as {
      word: string;
      hits: number;
      searchers: number;
      hidden: boolean;
    }[];
    // 10.8.0.1 and the HOT_MIN_SEARCHERS + 1 others.
    expect(words.find((w) => w.word === '提现')).toMatchObject({
      hits: HOT_MIN_SEARCHERS + 2,
      searchers: HOT_MIN_SEARCHERS + 2,
      hidden: true,
    });
    expect(words.find((w) => w.word === '开播')).toMatchObject({ hits: HOT_MIN_SEARCHERS + 4, searchers: 0 });
    const log = await b.app.db
      .select()
      .from(opsLog)
      .where(and(eq(opsLog.targetType, 'search_word')));
    expect(log.map((l) => l.action).sort()).toEqual(['search.hide', 'search.pin']);

    await b.post('/api/search/word/hide', { word: '提现', hidden: 0 }, { token: operator });
    await b.post('/api/search/word/pin', { word: '欧冠', pinned: 0 }, { token: operator });
    expect(await hot()).toEqual(['提现']);
  });

  it('refuses the console calls to visitors and to staff without the operator role', async () => {
    expect((await b.get('/api/search/words')).code).toBe(401);
    for (const token of [fan, editor]) {
      expect((await b.get('/api/search/words', {}, { token })).code).toBe(403);
      expect((await b.post('/api/search/word/pin', { word: 'x', pinned: 1 }, { token })).code).toBe(403);
      expect((await b.post('/api/search/word/hide', { word: 'x', hidden: 1 }, { token })).code).toBe(403);
    }
    const empty = await b.post('/api/search/word/pin', { word: '  ', pinned: 1 }, { token: operator });
    expect(empty).toMatchObject({ code: 400, msg: '请填写搜索词' });
    const long = await b.post(
      '/api/search/word/pin',
      { word: '长'.repeat(21), pinned: 1 },
      { token: operator },
    );
    expect(long.code).toBe(400);
  });
});
