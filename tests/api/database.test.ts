import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { insertChunks, upsertChunks } from '../../src/server/db/bulk.ts';
import {
  aboutPages,
  navItems,
  newsArticles,
  newsComments,
  siteSettings,
  users,
} from '../../src/server/db/schema/index.ts';
import { migrationsFolder } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/seed/seed.ts';
import { demoAccounts, DEMO_PASSWORD } from '../../src/server/seed/site-content.ts';
import { verifyPassword } from '../../src/server/services/accounts/password.ts';
import { createTestContext, targets, type TestContext } from '../support/context.ts';

/** The same migrations and queries on PGlite and on PostgreSQL (CI runs both). */
describe.each(targets())('database on $name', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(target);
  });
  afterAll(() => t.close());

  it('is the engine asked for and answers the readiness check', async () => {
    expect(t.app.dbh.kind).toBe(target.name);
    expect(await t.app.services.health.check()).toEqual({ ok: true, database: true, kv: true });
  });

  it('seeds the demo accounts with password demo123456', async () => {
    const rows = await t.app.db.select().from(users);
    for (const a of demoAccounts) {
      const row = rows.find((r) => r.mobile === a.mobile);
      expect(row, a.mobile).toBeDefined();
      expect(row!.roles).toEqual(a.roles);
      expect(await verifyPassword(DEMO_PASSWORD, row!.passwordHash)).toBe(true);
      expect(await verifyPassword('wrong-pass', row!.passwordHash)).toBe(false);
    }
  });

  it('bulk-inserts as drizzle does: defaults for left-out keys, JSON kept, conflicts skipped or updated', async () => {
    const at = new Date('2026-11-21T13:00:00.000Z');
    const keys = ['bulk.a', 'bulk.b', 'bulk.c'];
    await insertChunks(t.app.db, siteSettings, [
      { key: keys[0], value: { n: 1, list: ['x'] }, updatedAt: at },
      { key: keys[1], value: [1, 2] }, // no updatedAt: the column's default (now)
    ]);
    // An existing key is skipped by insertChunks and updated by upsertChunks (only the columns given).
    await insertChunks(t.app.db, siteSettings, [{ key: keys[0], value: 'ignored' }]);
    await upsertChunks(
      t.app.db,
      siteSettings,
      [
        { key: keys[1], value: { changed: true } },
        { key: keys[2], value: 'new', updatedAt: at },
      ],
      [siteSettings.key],
    );
    const rows = await t.app.db
      .select()
      .from(siteSettings)
      .where(sql`${siteSettings.key} like 'bulk.%'`)
      .orderBy(siteSettings.key);
    expect(rows.map((r) => [r.key, r.value])).toEqual([
      [keys[0], { n: 1, list: ['x'] }],
      [keys[1], { changed: true }],
      [keys[2], 'new'],
    ]);
    expect(rows[0].updatedAt.toISOString()).toBe(at.toISOString());
    expect(rows[1].updatedAt.getTime()).not.toBe(at.getTime());
    expect(rows[2].updatedAt.toISOString()).toBe(at.toISOString());
  });

  it('seeds every footer and anchor-help page', async () => {
    const pages = await t.app.db
      .select({ id: aboutPages.id, category: aboutPages.category })
      .from(aboutPages);
    const about = pages.filter((p) => p.category === 'about').map((p) => p.id);
    const live = pages.filter((p) => p.category === 'live').map((p) => p.id);
    expect(about).toEqual(expect.arrayContaining([10001, 10002, 10003, 10004, 10005, 10006]));
    expect(live).toEqual(expect.arrayContaining([2, 3, 4]));
    for (const slug of ['agreement', 'privacy', 'protocol', 'specification']) {
      expect(await t.app.services.site.aboutPage({ slug }), slug).not.toBeNull();
    }
  });

  it('seeding again changes nothing (idempotent)', async () => {
    const count = async () => ({
      users: await t.app.db.$count(users),
      nav: await t.app.db.$count(navItems),
      about: await t.app.db.$count(aboutPages),
    });
    const before = await count();
    await seedDemo(t.app.db, t.app.log);
    expect(await count()).toEqual(before);
  });

  it('builds the header navigation tree with disabled esports and tennis', async () => {
    const nav = await t.app.services.site.navigation();
    expect(nav.map((n) => n.label)).toEqual([
      '首页',
      '比分',
      '直播',
      '赛程',
      '头条',
      '社区',
      '锦囊',
      '有料',
      '资料库',
    ]);
    const scores = nav.find((n) => n.label === '比分')!;
    expect(scores.children.map((c) => [c.label, c.disabled])).toEqual([
      ['足球', false],
      ['篮球', false],
      ['电竞', true],
      ['网球', true],
    ]);
  });

  it('enforces the level range in the database', async () => {
    await expect(
      t.app.db.execute(sql`insert into users (mobile, nick_name, level) values ('19900000000', 'x', 9)`),
    ).rejects.toThrow();
  });

  it('0031 counts each article’s visible comments again (a hidden one no longer counts)', async () => {
    const db = t.app.db;
    const [{ id: article }] = await db.select({ id: newsArticles.id }).from(newsArticles).limit(1);
    const [{ id: userId }] = await db.select({ id: users.id }).from(users).limit(1);
    await db.delete(newsComments).where(eq(newsComments.articleId, article));
    await db.insert(newsComments).values([
      { articleId: article, userId, content: '看得见', status: 'visible' },
      { articleId: article, userId, content: '已隐藏', status: 'hidden' },
    ]);
    // As an article was left by the old news comments: the hidden one still counted.
    await db.update(newsArticles).set({ commentCount: 2 }).where(eq(newsArticles.id, article));
    await db.execute(sql.raw(readFileSync(`${migrationsFolder}/0031_recount_news_comments.sql`, 'utf8')));
    const [{ n }] = await db
      .select({ n: newsArticles.commentCount })
      .from(newsArticles)
      .where(eq(newsArticles.id, article));
    expect(n).toBe(1);
  });
});
