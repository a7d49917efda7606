import { asc, count, desc, eq } from 'drizzle-orm';
import { fill } from '../../../lib/messages.ts';
import { PAGE_MSG, PAGE_RULES } from '../../../lib/site/pages.ts';
import type { Db, Tx } from '../../db/client.ts';
import { aboutPages, aboutPageVersions, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { cleanMarkdown, renderMarkdown } from '../news/markdown.ts';
import { newPreviewToken } from '../news/store.ts';
import type { OpsServices } from '../ops/index.ts';
import { htmlToMarkdown } from './html-markdown.ts';

export interface PageActor {
  id: number;
}
export interface PageDraftInput {
  id: number;
  title: string;
  summary: string;
  body: string;
}

type Row = typeof aboutPages.$inferSelect;
const len = (s: string) => [...s].length;
/** What the ops log keeps of a page: the published text and the draft, if any. */
const snapshot = (r: Row) => ({
  title: r.title,
  summary: r.summary,
  body: r.body,
  format: r.format,
  draft: r.draftBody === null ? null : { title: r.draftTitle, summary: r.draftSummary, body: r.draftBody },
});
const NO_DRAFT = {
  draftTitle: null,
  draftSummary: null,
  draftBody: null,
  draftAt: null,
  draftBy: null,
  previewToken: null,
} as const;

/** A published body as readers get it: the seed's trusted HTML as is, an editor's Markdown rendered. */
export const pageHtml = (p: { body: string; format: string }) =>
  p.format === 'markdown' ? renderMarkdown(p.body) : p.body;

/** A body as Markdown for the edit form (the seed's HTML converted). */
const markdownOf = (p: { body: string; format: string }) =>
  p.format === 'markdown' ? p.body : htmlToMarkdown(p.body);

/**
 * Draft–preview–publish for the about and help pages (/about/*, /about/live/*): an editor's draft
 * is kept beside the published page (readers keep seeing that), shown only through a private
 * preview link, then published (the page's history gains the version) or thrown away. Each action
 * is an ops-log line written in the same transaction. `published` runs after a publish (the site
 * service's cached page index drops its titles).
 */
export function createPagesEditor(db: Db, ops: OpsServices, published: () => void = () => {}) {
  async function row(id: number): Promise<Row> {
    const [r] = await db.select().from(aboutPages).where(eq(aboutPages.id, id));
    if (!r) throw notFound(PAGE_MSG.pageNotFound);
    return r;
  }

  function checked(input: PageDraftInput) {
    const title = input.title.replace(/\s+/g, ' ').trim();
    if (!title) throw badRequest(PAGE_MSG.titleEmpty);
    if (len(title) > PAGE_RULES.titleMax)
      throw badRequest(fill(PAGE_MSG.titleTooLong, { max: PAGE_RULES.titleMax }));
    const summary = input.summary.replace(/\s+/g, ' ').trim();
    if (len(summary) > PAGE_RULES.summaryMax)
      throw badRequest(fill(PAGE_MSG.summaryTooLong, { max: PAGE_RULES.summaryMax }));
    const body = cleanMarkdown(input.body);
    if (!body) throw badRequest(PAGE_MSG.bodyEmpty);
    if (len(body) > PAGE_RULES.bodyMax)
      throw badRequest(fill(PAGE_MSG.bodyTooLong, { max: PAGE_RULES.bodyMax }));
    return { title, summary, body };
  }

  /** Locks the page, applies `set` (worked out from the locked row) and writes the ops-log line. */
  async function change(
    tx: Tx,
    actor: PageActor,
    id: number,
    action: string,
    set: (before: Row) => Partial<Row>,
  ) {
    const [before] = await tx.select().from(aboutPages).where(eq(aboutPages.id, id)).for('update');
    if (!before) throw notFound(PAGE_MSG.pageNotFound);
    const [after] = await tx.update(aboutPages).set(set(before)).where(eq(aboutPages.id, id)).returning();
    await ops.log.record(tx, {
      actorId: actor.id,
      action: `about.${action}`,
      targetType: 'about_page',
      targetId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return { before, after };
  }

  return {
    /** Every about and help page with its draft state, in the readers' order. */
    list: () =>
      db
        .select({
          id: aboutPages.id,
          category: aboutPages.category,
          slug: aboutPages.slug,
          title: aboutPages.title,
          format: aboutPages.format,
          updatedAt: aboutPages.updatedAt,
          draftAt: aboutPages.draftAt,
          previewToken: aboutPages.previewToken,
        })
        .from(aboutPages)
        .orderBy(asc(aboutPages.category), asc(aboutPages.sort), asc(aboutPages.id)),

    /** One page for the edit form: the text to edit (the draft, else the published page as Markdown) and the history. */
    async get(id: number) {
      const page = await row(id);
      const history = await db
        .select({
          id: aboutPageVersions.id,
          action: aboutPageVersions.action,
          title: aboutPageVersions.title,
          at: aboutPageVersions.createdAt,
          editor: users.nickName,
        })
        .from(aboutPageVersions)
        .leftJoin(users, eq(users.id, aboutPageVersions.editorId))
        .where(eq(aboutPageVersions.pageId, id))
        .orderBy(desc(aboutPageVersions.id))
        .limit(50);
      const hasDraft = page.draftBody !== null;
      return {
        page,
        hasDraft,
        source: {
          title: hasDraft ? page.draftTitle! : page.title,
          summary: hasDraft ? page.draftSummary! : page.summary,
          body: hasDraft ? page.draftBody! : markdownOf(page),
        },
        history,
      };
    },

    /** One published version of a page (its history), body as readers saw it. */
    async version(pageId: number, versionId: number) {
      const [v] = await db.select().from(aboutPageVersions).where(eq(aboutPageVersions.id, versionId));
      if (!v || v.pageId !== pageId) throw notFound(PAGE_MSG.versionNotFound);
      return { ...v, html: pageHtml(v), markdown: markdownOf(v) };
    },

    /** Saves the draft (readers keep the published page); the first draft gets a preview link. */
    async saveDraft(actor: PageActor, input: PageDraftInput) {
      const v = checked(input);
      return db.transaction(async (tx) => {
        const { after } = await change(tx, actor, input.id, 'draft', (before) => ({
          draftTitle: v.title,
          draftSummary: v.summary,
          draftBody: v.body,
          draftAt: new Date(),
          draftBy: actor.id,
          previewToken: before.previewToken ?? newPreviewToken(),
        }));
        return after;
      });
    },

    /** The draft becomes the page: history gains it (and the seed's text, the first time). */
    async publish(actor: PageActor, id: number) {
      const page = await db.transaction(async (tx) => {
        const now = new Date();
        // Worked out from the locked row, so two publishes of one draft cannot both go through.
        const { before, after } = await change(tx, actor, id, 'publish', (current) => {
          if (current.draftBody === null) throw badRequest(PAGE_MSG.noDraft);
          return {
            title: current.draftTitle!,
            summary: current.draftSummary!,
            body: current.draftBody,
            format: 'markdown',
            updatedAt: now,
            ...NO_DRAFT,
          };
        });
        const [{ n }] = await tx
          .select({ n: count() })
          .from(aboutPageVersions)
          .where(eq(aboutPageVersions.pageId, id));
        if (n === 0)
          await tx.insert(aboutPageVersions).values({
            pageId: id,
            editorId: null,
            action: 'original',
            title: before.title,
            summary: before.summary,
            body: before.body,
            format: before.format,
            createdAt: before.updatedAt,
          });
        await tx.insert(aboutPageVersions).values({
          pageId: id,
          editorId: actor.id,
          action: 'publish',
          title: after.title,
          summary: after.summary,
          body: after.body,
          format: after.format,
          createdAt: now,
        });
        return after;
      });
      published();
      return page;
    },

    /** Throws the draft away (its preview link stops working); the published page is untouched. */
    async revert(actor: PageActor, id: number) {
      return db.transaction(async (tx) => {
        const { after } = await change(tx, actor, id, 'revert', (current) => {
          if (current.draftBody === null) throw badRequest(PAGE_MSG.noDraft);
          return NO_DRAFT;
        });
        return after;
      });
    },

    /** The draft behind a preview link, rendered as the page would be; null for any other token. */
    async preview(token: string) {
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
      const [p] = await db.select().from(aboutPages).where(eq(aboutPages.previewToken, token));
      if (!p || p.draftBody === null) return null;
      return {
        id: p.id,
        category: p.category,
        slug: p.slug,
        title: p.draftTitle!,
        summary: p.draftSummary!,
        body: renderMarkdown(p.draftBody),
        updatedAt: p.draftAt ?? p.updatedAt,
      };
    },
  };
}

export type PagesEditor = ReturnType<typeof createPagesEditor>;
