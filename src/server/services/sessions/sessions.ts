import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

/** What every request knows about its caller. */
export interface SessionUser {
  id: number;
  nickName: string;
  portrait: string | null;
  level: number;
  isAnchor: number;
  isExpert: number;
  /** Staff roles (src/lib/vocab/roles.ts); empty for ordinary users. */
  roles: string[];
}

export const SESSION_DAYS = 30;
/** A session without 一月免登录 ends with the browser, and on the server after a day at most. */
const SHORT_SESSION_MS = 24 * 3600 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createSessionService(db: Db) {
  return {
    /** Opens a session and returns the opaque token the client keeps (cookie `token`, header `accessToken`). */
    async create(userId: number, persistent: boolean): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + (persistent ? SESSION_DAYS * 86400_000 : SHORT_SESSION_MS));
      await db.insert(sessions).values({ tokenHash: hashToken(token), userId, persistent, expiresAt });
      return { token, expiresAt };
    },

    async userByToken(token: string): Promise<SessionUser | null> {
      if (token.length < 16 || token.length > 128) return null;
      const [row] = await db
        .select({
          id: users.id,
          nickName: users.nickName,
          portrait: users.portrait,
          level: users.level,
          isAnchor: users.isAnchor,
          isExpert: users.isExpert,
          roles: users.roles,
          status: users.status,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, hashToken(token)),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
          ),
        )
        .limit(1);
      if (!row || row.status !== 1) return null;
      const { status: _status, ...user } = row;
      return { ...user, level: user.level ?? 0 };
    },

    async revoke(token: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.tokenHash, hashToken(token)));
    },

    async revokeAllOf(userId: number): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    /** Ends every session of the user but the one holding `keepToken` (after a password change). */
    async revokeOthers(userId: number, keepToken: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            ne(sessions.tokenHash, hashToken(keepToken)),
          ),
        );
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
