import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotSearches, opsLog } from '../../src/server/db/schema/index.ts';
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

  it('counts real searches, once per visitor and word, and only those that found something', async () => {
    expect((await searchFrom('提现', '10.9.0.1')).data.total).toBeGreaterThan(0);
    await searchFrom('提现', '10.9.0.1'); // the same visitor again: not counted
    await searchFrom('提现', '10.9.0.2');
    await searchFrom('提现', '10.9.0.3');
    await searchFrom('开播', '10.9.0.1');
    await searchFrom('开播', '10.9.0.2');
    expect((await searchFrom('没有这样的词qzx', '10.9.0.1')).data.total).toBe(0);
    await fresh();
    expect(await hot()).toEqual(['提现', '开播']);
    const [row] = await b.app.db.select().from(hotSearches).where(eq(hotSearches.word, '提现'));
    expect(row.hits).toBe(3);
  });

  it('lets old searches fade: three searches two days ago weigh less than two today', async () => {
    await b.app.db
      .update(hotSearches)
      .set({ scoreAt: new Date(Date.now() - 2 * 24 * 3600_000) })
      .where(eq(hotSearches.word, '提现'));
    await fresh();
    expect(await hot()).toEqual(['开播', '提现']);
    // A new search adds to the decayed weight: 3/4 + 1 is still below 2.
    await searchFrom('提现', '10.9.0.9');
    await fresh();
    expect(await hot()).toEqual(['开播', '提现']);
  });

  it('lets operators pin and hide words, each action in the ops log', async () => {
    const pin = await b.post('/api/search/word/pin', { word: '欧冠', pinned: 1 }, { token: operator });
    expect(pin).toMatchObject({ code: 200, data: { word: '欧冠', pinned: true, hidden: false } });
    const hide = await b.post('/api/search/word/hide', { word: '开播', hidden: 1 }, { token: operator });
    expect(hide.data).toMatchObject({ word: '开播', hidden: true });
    expect(await hot()).toEqual(['欧冠', '提现']);

    const words = (await b.get('/api/search/words', {}, { token: operator })).data as {
      word: string;
      hits: number;
      hidden: boolean;
    }[];
    expect(words.find((w) => w.word === '开播')).toMatchObject({ hits: 2, hidden: true });
    const log = await b.app.db
      .select()
      .from(opsLog)
      .where(and(eq(opsLog.targetType, 'search_word')));
    expect(log.map((l) => l.action).sort()).toEqual(['search.hide', 'search.pin']);

    await b.post('/api/search/word/hide', { word: '开播', hidden: 0 }, { token: operator });
    await b.post('/api/search/word/pin', { word: '欧冠', pinned: 0 }, { token: operator });
    expect(await hot()).toEqual(['开播', '提现']);
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
