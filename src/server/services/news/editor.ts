import { aliasedTable, and, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { fill } from '../../../lib/messages.ts';
import { NEWS_MSG } from '../../../lib/news/messages.ts';
import { NEWS_RULES, TAG_KINDS, type NewsStatus, type TagKind } from '../../../lib/news/rules.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  matches,
  newsArticles,
  newsColumns,
  newsRevisions,
  newsTags,
  players,
  teams,
  users,
} from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { OpsServices } from '../ops/index.ts';
import type { UploadService } from '../uploads/uploads.ts';
import { cleanMarkdown } from './markdown.ts';
import { newPreviewToken, writeTags } from './store.ts';

export interface EditorActor {
  id: number;
  nickName: string;
}
export interface ArticleInput {
  columnId: number;
  title: string;
  summary: string;
  cover: string | null;
  body: string;
  tags: { kind: TagKind; refId: number }[];
}

const len = (s: string) => [...s].length;
type Row = typeof newsArticles.$inferSelect;
const snapshot = (r: Row) => ({
  title: r.title,
  summary: r.summary,
  cover: r.cover,
  body: r.body,
  columnId: r.columnId,
  status: r.status,
  publishAt: r.publishAt?.toISOString() ?? null,
  draft: r.draft ?? null,
});
/** Readers see it now: a change to it waits beside it as a pending draft. */
const isLive = (r: Row) => r.status === 'published' && !!r.publishAt && r.publishAt.getTime() <= Date.now();
const NO_DRAFT = { draft: null, draftAt: null, draftBy: null } as const;

/**
 * The editors' console: drafts, a private preview link, publishing now or at a time, taking an
 * article down, deleting; every save is a revision and every action a line in the ops log.
 */
export function createNewsEditor(
  db: Db,
  parts: { ops: OpsServices; uploads: UploadService; storage: StorageProvider },
) {
  async function row(id: number): Promise<Row> {
    const [r] = await db.select().from(newsArticles).where(eq(newsArticles.id, id));
    if (!r) throw notFound(NEWS_MSG.articleNotFound);
    return r;
  }

  async function checked(input: ArticleInput) {
    const title = input.title.replace(/\s+/g, ' ').trim();
    if (!title) throw badRequest(NEWS_MSG.titleEmpty);
    if (len(title) > NEWS_RULES.titleMax)
      throw badRequest(fill(NEWS_MSG.titleTooLong, { max: NEWS_RULES.titleMax }));
    const summary = input.summary.replace(/\s+/g, ' ').trim();
    if (len(summary) > NEWS_RULES.summaryMax)
      throw badRequest(fill(NEWS_MSG.summaryTooLong, { max: NEWS_RULES.summaryMax }));
    const body = cleanMarkdown(input.body);
    if (!body) throw badRequest(NEWS_MSG.bodyEmpty);
    if (len(body) > NEWS_RULES.bodyMax)
      throw badRequest(fill(NEWS_MSG.bodyTooLong, { max: NEWS_RULES.bodyMax }));
    const cover = input.cover?.trim() || null;
    if (cover && !parts.storage.nameOf(cover)) throw badRequest(NEWS_MSG.coverInvalid);
    const [column] = await db
      .select({ id: newsColumns.id })
      .from(newsColumns)
      .where(eq(newsColumns.id, input.columnId));
    if (!column) throw badRequest(`参数 columnId 无效：${NEWS_MSG.columnNotFound}`);
    if (input.tags.length > NEWS_RULES.tagsMax)
      throw badRequest(fill(NEWS_MSG.tagsTooMany, { max: NEWS_RULES.tagsMax }));
    const tags = await labels(input.tags);
    return { title, summary, body, cover, columnId: column.id, tags };
  }

  /** Each tag's label from the database; an unknown team, player or match is refused. */
  async function labels(tags: ArticleInput['tags']) {
    const ids = (k: TagKind) => [...new Set(tags.filter((t) => t.kind === k).map((t) => t.refId))];
    const home = aliasedTable(teams, 'home');
    const away = aliasedTable(teams, 'away');
    const [ts, ps, ms] = await Promise.all([
      ids('team').length
        ? db
            .select({ id: teams.id, label: teams.nameZh })
            .from(teams)
            .where(inArray(teams.id, ids('team')))
        : [],
      ids('player').length
        ? db
            .select({ id: players.id, label: sql<string>`coalesce(${players.nameZh}, ${players.name})` })
            .from(players)
            .where(inArray(players.id, ids('player')))
        : [],
      ids('match').length
        ? db
            .select({ id: matches.id, label: sql<string>`${home.nameZh} || ' vs ' || ${away.nameZh}` })
            .from(matches)
            .innerJoin(home, eq(home.id, matches.homeTeamId))
            .innerJoin(away, eq(away.id, matches.awayTeamId))
            .where(inArray(matches.id, ids('match')))
        : [],
    ]);
    const found = { team: ts, player: ps, match: ms };
    return tags.map((t) => {
      const label = found[t.kind].find((x) => x.id === t.refId)?.label;
      if (!label) throw badRequest(fill(NEWS_MSG.tagUnknown, { kind: TAG_KINDS[t.kind], id: t.refId }));
      return { kind: t.kind, refId: t.refId, label };
    });
  }

  async function log(tx: Tx, actor: EditorActor, action: string, before: Row | null, after: Row) {
    await tx
      .insert(newsRevisions)
      .values({ articleId: after.id, editorId: actor.id, action, snapshot: snapshot(after) });
    await parts.ops.log.record(tx, {
      actorId: actor.id,
      action: `news.${action}`,
      targetType: 'news_article',
      targetId: after.id,
      before: before ? snapshot(before) : null,
      after: snapshot(after),
    });
  }

  /** Applies `set` and logs it; `touch` moves updatedAt (what readers see changed), `also` runs in the same transaction. */
  async function change(
    actor: EditorActor,
    id: number,
    action: string,
    set: Partial<typeof newsArticles.$inferInsert>,
    touch = true,
    also?: (tx: Tx) => Promise<unknown>,
  ) {
    const before = await row(id);
    if (before.status === 'deleted') throw badRequest(NEWS_MSG.notEditable);
    return db.transaction(async (tx) => {
      const [after] = await tx
        .update(newsArticles)
        .set(touch ? { ...set, updatedAt: new Date() } : set)
        .where(eq(newsArticles.id, id))
        .returning();
      await also?.(tx);
      await log(tx, actor, action, before, after);
      return after;
    });
  }

  return {
    row,

    /** Every article whatever its state (deleted ones only when asked), newest change first. */
    async list(q: {
      status?: NewsStatus;
      keyword?: string;
      columnId?: number;
      pageNum: number;
      pageSize: number;
    }) {
      const where: SQL[] = [];
      where.push(q.status ? eq(newsArticles.status, q.status) : ne(newsArticles.status, 'deleted'));
      if (q.columnId) where.push(eq(newsArticles.columnId, q.columnId));
      if (q.keyword)
        where.push(ilike(newsArticles.title, `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
      const cond = and(...where);
      const [rows, total] = await Promise.all([
        db
          .select({
            id: newsArticles.id,
            title: newsArticles.title,
            status: newsArticles.status,
            kind: newsArticles.kind,
            column: newsColumns.name,
            authorName: newsArticles.authorName,
            publishAt: newsArticles.publishAt,
            updatedAt: newsArticles.updatedAt,
            views: newsArticles.views,
            previewToken: newsArticles.previewToken,
          })
          .from(newsArticles)
          .innerJoin(newsColumns, eq(newsColumns.id, newsArticles.columnId))
          .where(cond)
          .orderBy(desc(newsArticles.updatedAt), desc(newsArticles.id))
          .limit(q.pageSize)
          .offset((q.pageNum - 1) * q.pageSize),
        db.$count(newsArticles, cond),
      ]);
      return { list: rows, total, pageNum: q.pageNum, pageSize: q.pageSize };
    },

    /** One article for the edit form, with its tags and edit history. */
    async get(id: number) {
      const r = await row(id);
      const [tags, history] = await Promise.all([
        db.select().from(newsTags).where(eq(newsTags.articleId, id)),
        db
          .select({
            id: newsRevisions.id,
            action: newsRevisions.action,
            at: newsRevisions.createdAt,
            editor: users.nickName,
          })
          .from(newsRevisions)
          .leftJoin(users, eq(users.id, newsRevisions.editorId))
          .where(eq(newsRevisions.articleId, id))
          .orderBy(desc(newsRevisions.id))
          .limit(50),
      ]);
      // The form edits the pending change when there is one.
      const source = r.draft ? { ...r, ...r.draft } : r;
      return { article: r, source, tags: r.draft ? r.draft.tags : tags, hasDraft: !!r.draft, history };
    },

    /** Creates a draft (no id) or saves changes (the state stays as it is). */
    async save(actor: EditorActor, input: ArticleInput & { id?: number }) {
      const v = await checked(input);
      const { tags, ...fields } = v;
      if (!input.id) {
        return db.transaction(async (tx) => {
          const [created] = await tx
            .insert(newsArticles)
            .values({
              ...fields,
              kind: 'editor',
              authorId: actor.id,
              authorName: actor.nickName,
              status: 'draft',
              previewToken: newPreviewToken(),
            })
            .returning();
          await writeTags(tx, created.id, tags);
          await log(tx, actor, 'create', null, created);
          return created;
        });
      }
      const before = await row(input.id);
      if (before.status === 'deleted') throw badRequest(NEWS_MSG.notEditable);
      // A live article keeps its text for readers; the change waits beside it until published.
      if (isLive(before))
        return change(
          actor,
          before.id,
          'draft',
          { ...NO_DRAFT, draft: v, draftAt: new Date(), draftBy: actor.id },
          false,
        );
      return db.transaction(async (tx) => {
        const [after] = await tx
          .update(newsArticles)
          .set({ ...fields, ...NO_DRAFT, updatedAt: new Date() })
          .where(eq(newsArticles.id, before.id))
          .returning();
        await writeTags(tx, after.id, tags);
        await log(tx, actor, 'update', before, after);
        return after;
      });
    },

    /**
     * Publishes now, or at `at` (readers see it from then on; the list query checks the time). A
     * pending draft replaces the text first; a live article keeps its first publish time.
     */
    async publish(actor: EditorActor, id: number, at?: Date) {
      const before = await row(id);
      const later = !!at && at.getTime() > Date.now();
      if (!before.draft)
        return change(actor, id, later ? 'schedule' : 'publish', {
          status: 'published',
          publishAt: at ?? new Date(),
        });
      if (isLive(before) && later) throw badRequest(NEWS_MSG.draftNotScheduled);
      const { tags, ...fields } = before.draft;
      return change(
        actor,
        id,
        later ? 'schedule' : 'publish',
        {
          ...fields,
          ...NO_DRAFT,
          status: 'published',
          publishAt: isLive(before) ? before.publishAt : (at ?? new Date()),
        },
        true,
        (tx) => writeTags(tx, id, tags as Parameters<typeof writeTags>[2]),
      );
    },
    /** Throws the pending draft away (readers keep the published text). */
    async revert(actor: EditorActor, id: number) {
      if (!(await row(id)).draft) throw badRequest(NEWS_MSG.noDraft);
      return change(actor, id, 'revert', NO_DRAFT, false);
    },
    unpublish: (actor: EditorActor, id: number) => change(actor, id, 'unpublish', { status: 'unpublished' }),
    remove: (actor: EditorActor, id: number) => change(actor, id, 'delete', { status: 'deleted' }),
    /** A new preview link (the old one stops working). */
    relink: (actor: EditorActor, id: number) =>
      change(actor, id, 'relink', { previewToken: newPreviewToken() }),

    /** Pictures for the body or the cover: checked, re-encoded to WebP without metadata (the upload service). */
    images: (files: string[]) => parts.uploads.images(files),
  };
}

export type NewsEditor = ReturnType<typeof createNewsEditor>;
