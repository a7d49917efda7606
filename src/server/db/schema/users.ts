import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    mobile: text('mobile').notNull().unique(),
    nickName: text('nick_name').notNull().unique(),
    portrait: text('portrait'),
    level: smallint('level').notNull().default(0),
    /** Grows with daily logins; the level follows it (src/lib/vocab/levels.ts). */
    experience: integer('experience').notNull().default(0),
    isAnchor: smallint('is_anchor').notNull().default(0),
    isExpert: smallint('is_expert').notNull().default(0),
    /** Staff roles held (src/lib/vocab/roles.ts); empty for everyone else. */
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** scrypt$N$r$p$salt$hash, or null for accounts created by code login that never set one. */
    passwordHash: text('password_hash'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** 1 active, 0 banned by staff (no login, every session refused). */
    status: smallint('status').notNull().default(1),
    /** A staff mute: no chat, posts, comments or private messages until then. */
    mutedUntil: timestamp('muted_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Set for accounts created by a code login: the client sends them to /user/comFormPage. */
    needsProfile: boolean('needs_profile').notNull().default(false),
    /** 0 not said, 1 male, 2 female. */
    gender: smallint('gender').notNull().default(0),
    birthday: date('birthday', { mode: 'string' }),
    signature: text('signature'),
    /**
     * When the account proved its phone with an SMS code (registration, code login); null for accounts
     * made otherwise (the demo's chat crowd). Fans' player ratings count only with it (docs/ratings.md).
     */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  },
  (t) => [
    check('users_level_range', sql`${t.level} between 0 and 8`),
    // Nicknames are unique regardless of case (Ball and ball are one name).
    uniqueIndex('users_nick_name_lower_idx').on(sql`lower(${t.nickName})`),
  ],
);

/**
 * Real-name verification (实名认证). The ID number is stored encrypted (AES-256-GCM, key derived
 * from APP_SECRET) and indexed by an HMAC so one identity can verify one account only.
 */
export const realNames = pgTable('real_names', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  realName: text('real_name').notNull(),
  idCardEnc: text('id_card_enc').notNull(),
  idCardHmac: text('id_card_hmac').notNull().unique(),
  idCardMasked: text('id_card_masked').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Login sessions. Only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    persistent: boolean('persistent').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
