import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { liveSessions } from '../../src/server/db/schema/index.ts';
import { createTestContext, targets, type TestContext } from '../support/context.ts';

describe.each(targets())('replay URLs on a CDN pull line (MEDIA_PULL_BASES) on $name', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(target, {
      MEDIA_PULL_BASES: '主线路|https://cdn.example.com/live',
      MEDIA_AUTH_KEY: 'k'.repeat(32),
      MEDIA_AUTH_TTL: '600',
    });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  it('hands a replay out signed for the edge, afresh on each read, and the signature runs out', async () => {
    const { db, services } = t.app;
    const [session] = await db
      .select({ id: liveSessions.id, roomId: liveSessions.roomId })
      .from(liveSessions)
      .where(and(isNotNull(liveSessions.endedAt), isNotNull(liveSessions.replayUrl)))
      .limit(1);
    // What a broadcast ending on this configuration stores: the unsigned recording on the pull line.
    const stored = services.live.media.replay(`r${session.roomId}_abc`)!;
    expect(stored).toBe(`https://cdn.example.com/live/record/r${session.roomId}_abc.m3u8`);
    await db.update(liveSessions).set({ replayUrl: stored }).where(eq(liveSessions.id, session.id));

    const now = Date.UTC(2030, 0, 1);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const url = new URL((await services.live.history.replay(session.id)).replayUrl!);
    expect(`${url.origin}${url.pathname}`).toBe(stored);
    const key = url.searchParams.get('auth_key')!;
    expect(services.live.media.verify(url.pathname, key, now)).toBe(true);
    expect(services.live.media.verify(url.pathname, key, now + 601_000)).toBe(false);
    // Stored unsigned: every read signs it again.
    const [row] = await db.select().from(liveSessions).where(eq(liveSessions.id, session.id));
    expect(row.replayUrl).toBe(stored);
  });
});
