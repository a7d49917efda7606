import { eq } from 'drizzle-orm';
import { newsColumns } from '../../src/server/db/schema/index.ts';
import type { Target } from './context.ts';
import { createCommunityBench } from './community.ts';
import { DEMO } from './live.ts';

/** The community bench plus news helpers: the columns, the demo editor's token, publishing in one step. */
export async function createNewsBench(target: Target) {
  const b = await createCommunityBench(target);
  const columns = await b.app.db.select().from(newsColumns);
  const columnId = (slug: string) => columns.find((c) => c.slug === slug)!.id;
  const editor = await b.tokenOf(DEMO.editor);
  let n = 0;

  /** Saves a draft through the editor API; returns the envelope. */
  const draft = (extra: Record<string, unknown> = {}) =>
    b.post(
      '/inform/info/editor/save',
      {
        columnId: columnId('epl'),
        title: `测试文章${++n}：周末焦点战前瞻`,
        summary: '本文用于接口测试。',
        body: `## 小标题\n\n正文第${n}段，介绍比赛看点。`,
        ...extra,
      },
      { token: editor, json: true },
    );

  /** A draft published now; returns its id. */
  async function published(extra: Record<string, unknown> = {}): Promise<number> {
    const saved = await draft(extra);
    if (saved.code !== 200) throw new Error(`save failed: ${saved.msg}`);
    const res = await b.post(
      '/inform/info/editor/publish',
      { id: saved.data.id },
      { token: editor, json: true },
    );
    if (res.code !== 200) throw new Error(`publish failed: ${res.msg}`);
    return saved.data.id as number;
  }

  const columnRow = async (slug: string) =>
    (await b.app.db.select().from(newsColumns).where(eq(newsColumns.slug, slug)))[0];

  return { ...b, columns, columnId, columnRow, editor, draft, published };
}

export type NewsBench = Awaited<ReturnType<typeof createNewsBench>>;
