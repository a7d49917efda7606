import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { headerFigureColumns, type HeaderFigures } from './header-figures.ts';

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

/** What a session's lookup reads of its user; a user whose status is not 1 (banned) logs nobody in. */
const USER_COLUMNS = {
  id: users.id,
  nickName: users.nickName,
  portrait: users.portrait,
  level: users.level,
  isAnchor: users.isAnchor,
  isExpert: users.isExpert,
  roles: users.roles,
  status: users.status,
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createSessionService(db: Db) {
  /** The row of a live session (not revoked, not expired) of `token`, with its user. */
  const liveSession = (token: string) =>
    and(
      eq(sessions.tokenHash, hashToken(token)),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, new Date()),
    );
  /** A bad token is never looked up. */
  const plausible = (token: string) => token.length >= 16 && token.length <= 128;

  return {
    /** Opens a session and returns the opaque token the client keeps (cookie `token`, header `accessToken`). */
    async create(userId: number, persistent: boolean): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + (persistent ? SESSION_DAYS * 86400_000 : SHORT_SESSION_MS));
      await db.insert(sessions).values({ tokenHash: hashToken(token), userId, persistent, expiresAt });
      return { token, expiresAt };
    },

    async userByToken(token: string): Promise<SessionUser | null> {
      if (!plausible(token)) return null;
      const [row] = await db
        .select(USER_COLUMNS)
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(liveSession(token))
        .limit(1);
      return row?.status === 1 ? sessionUser(row) : null;
    },

    /**
     * The user with the figures of the header's personal part, in one query: what a page render
     * needs of its caller (src/middleware/authenticated.ts). Neither is kept anywhere, so a logout, a
     * ban, a profile change, a ledger posting, a message or a notice shows on the very next render.
     */
    async loginByToken(token: string): Promise<{ user: SessionUser; header: HeaderFigures } | null> {
      if (!plausible(token)) return null;
      const [row] = await db
        .select({ ...USER_COLUMNS, ...headerFigureColumns(users.id) })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(liveSession(token))
        .limit(1);
      if (row?.status !== 1) return null;
      const { balance, ticket, unreadMessages, unreadNotices } = row;
      return { user: sessionUser(row), header: { balance, ticket, unreadMessages, unreadNotices } };
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

/** What SessionUser holds of a users row (level may be null there). */
function sessionUser(row: Omit<SessionUser, 'level'> & { level: number | null }): SessionUser {
  const { id, nickName, portrait, level, isAnchor, isExpert, roles } = row;
  return { id, nickName, portrait, level: level ?? 0, isAnchor, isExpert, roles };
}

export type SessionService = ReturnType<typeof createSessionService>;
