import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Live rooms (docs/live-rooms.md). One room per anchor. `matchId` points at a match of the sports
 * engine; it has no foreign key on purpose: matches are re-imported and a room outlives them.
 */
export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    anchorId: integer('anchor_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    cover: text('cover'),
    /** Category (src/lib/vocab/live-navs.ts): 1 足球, 2 篮球, 3 电竞, 4 其他. */
    navId: smallint('nav_id').notNull().default(1),
    matchId: integer('match_id'),
    notice: text('notice').notNull().default(''),
    /** 0 offline, 1 live. */
    liveState: smallint('live_state').notNull().default(0),
    heat: integer('heat').notNull().default(0),
    /** The secret part of the stream name; resetting it invalidates every old push URL. */
    streamSecret: text('stream_secret').notNull(),
    /** 1 approved (listed, may go live), 0 blocked by an operator. */
    auditState: smallint('audit_state').notNull().default(1),
    /** Seconds a viewer must wait between two messages; 0 is off. */
    slowMode: smallint('slow_mode').notNull().default(0),
    liveSince: timestamp('live_since', { withTimezone: true }),
    /** The live_sessions row of the current broadcast. */
    sessionId: integer('session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rooms_live_idx').on(t.liveState, t.heat),
    index('rooms_match_idx').on(t.matchId),
    check('rooms_slow_mode_range', sql`${t.slowMode} between 0 and 300`),
  ],
);

/** A drop of a resumed push, on the feed clock (epoch ms): `from` the drop, `to` the push back. */
export interface FeedGap {
  from: number;
  to: number;
}

/** A match a broadcast was linked to before its current one, up to `until` (feed clock, epoch ms). */
export interface EarlierMatch {
  matchId: number | null;
  until: number;
}

/** One broadcast, from up to down: the live history and the replays. */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    cover: text('cover'),
    navId: smallint('nav_id').notNull(),
    matchId: integer('match_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The recording, when the media server keeps one (the demo stream in the demo setup). */
    replayUrl: text('replay_url'),
    peakHeat: integer('peak_heat').notNull().default(0),
    /** The media server's publisher (nginx-rtmp clientid) while a real push runs; null otherwise. */
    pushClient: text('push_client'),
    /** A pushed broadcast's replay (docs/streaming.md): pending → processing → ready | failed; null: none. */
    replayState: text('replay_state'),
    /** When the replay maker took it up (processing): one left longer than a remux can take was interrupted. */
    replayClaimedAt: timestamp('replay_claimed_at', { withTimezone: true }),
    /** How many times the replay maker has taken it up: a remux that never finishes fails after a few. */
    replayAttempts: integer('replay_attempts').notNull().default(0),
    /** Seconds of the remuxed recording. */
    durationSeconds: integer('duration_seconds'),
    /** The sports feed's clock when the push started: places match events on the recording. */
    feedClockAt: timestamp('feed_clock_at', { withTimezone: true }),
    /**
     * The drops a resumed push left (feed clock, epoch ms): the recording joins the pieces, so a
     * moment after a gap sits earlier in the replay by the gaps before it.
     */
    feedGaps: jsonb('feed_gaps').$type<FeedGap[]>().notNull().default([]),
    /**
     * The matches the broadcast was linked to before `matchId`, each with the feed time its link
     * ended: a replay marks each match's moments only while it was the linked one.
     */
    earlierMatches: jsonb('earlier_matches').$type<EarlierMatch[]>().notNull().default([]),
  },
  (t) => [index('live_sessions_room_idx').on(t.roomId, t.startedAt)],
);

export const roomManagers = pgTable(
  'room_managers',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('room_managers_once').on(t.roomId, t.userId), index('room_managers_user_idx').on(t.userId)],
);

/** 禁言: who may not chat in a room, until when (null: until lifted). */
export const roomForbids = pgTable(
  'room_forbids',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('room_forbids_once').on(t.roomId, t.userId)],
);

/**
 * Chat of a room (roomId) or of a match (matchId). `sender` keeps the name, level and badges as
 * they were when sent, so history reads like the live chat did. Text is stored raw, escaped on output.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id').references(() => rooms.id, { onDelete: 'cascade' }),
    matchId: integer('match_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'text' | 'gift' | 'redPacket' */
    kind: text('kind').notNull().default('text'),
    content: text('content').notNull(),
    sender: jsonb('sender').notNull(),
    /** @mention: {id, nickName}. */
    atInfo: jsonb('at_info'),
    /** Kind-specific data: the gift and its count, the red packet id … */
    extra: jsonb('extra'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_room_idx').on(t.roomId, t.id),
    index('chat_messages_match_idx').on(t.matchId, t.id),
  ],
);

/**
 * Red packets. The split is decided when the packet is sent (`shares`); the n-th grab takes
 * shares[n]. What is left when it expires goes back to the sender (trade type 12).
 */
export const redPackets = pgTable(
  'red_packets',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    total: integer('total').notNull(),
    count: smallint('count').notNull(),
    /** 1 random, 2 equal. */
    mode: smallint('mode').notNull(),
    /** 口令: grabbers must type it. */
    password: text('password'),
    shares: integer('shares').array().notNull(),
    grabbed: smallint('grabbed').notNull().default(0),
    amountLeft: integer('amount_left').notNull(),
    /**
     * 'open' | 'done' (all taken) | 'expired' (the rest returned) | 'armed' (a match packet waiting for
     * its moment; returned whole if the match ends first)
     */
    status: text('status').notNull().default('open'),
    /** A match packet (比赛红包): the room's match when it was armed, and what opens it. */
    matchId: integer('match_id'),
    /** 'goal' (the next goal) | 'half' (half time); null for a packet open at once. */
    opensOn: text('opens_on'),
    /** Goals of the match when it was armed: the next goal is any beyond them. */
    armedGoals: smallint('armed_goals'),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    requestKey: text('request_key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    unique('red_packets_sender_key').on(t.senderId, t.requestKey),
    index('red_packets_room_idx').on(t.roomId, t.id),
    index('red_packets_open_idx').on(t.status, t.expiresAt),
    index('red_packets_match_idx').on(t.matchId, t.status),
    check('red_packets_left_nonneg', sql`${t.amountLeft} >= 0`),
    check('red_packets_grabbed_range', sql`${t.grabbed} between 0 and ${t.count}`),
  ],
);

export const redPacketGrabs = pgTable(
  'red_packet_grabs',
  {
    id: serial('id').primaryKey(),
    packetId: integer('packet_id')
      .notNull()
      .references(() => redPackets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('red_packet_grabs_once').on(t.packetId, t.userId)],
);

/** 喇叭: paid announcements scrolled across every live room. */
export const horns = pgTable(
  'horns',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: integer('room_id').references(() => rooms.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    price: integer('price').notNull(),
    requestKey: text('request_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('horns_user_key').on(t.userId, t.requestKey), index('horns_created_idx').on(t.createdAt)],
);

export const roomReports = pgTable(
  'room_reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    detail: text('detail').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** 'pending' | 'handled' */
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('room_reports_room_idx').on(t.roomId, t.id)],
);

/** 主播申请 (the audit): one per user; a refused one may be submitted again. */
export const anchorApplications = pgTable('anchor_applications', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 'auditing' | 'success' | 'error' */
  status: text('status').notNull().default('auditing'),
  navId: smallint('nav_id').notNull(),
  intro: text('intro').notNull(),
  contact: text('contact').notNull().default(''),
  reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
  reviewNote: text('review_note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
});

/**
 * 直播间审核: every change of a room's title, cover or notice, shown at once and reviewed after
 * (先发后审). A refusal puts the field back to `before` when the room still shows `after`.
 */
export const roomAudits = pgTable(
  'room_audits',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    /** 'title' | 'cover' | 'notice' */
    field: text('field').notNull(),
    before: text('before'),
    after: text('after'),
    /** 'pending' | 'approved' | 'rejected' */
    status: text('status').notNull().default('pending'),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [index('room_audits_status_idx').on(t.status, t.id)],
);

/** Broadcasts an anchor has announced (/v/anchor-add), usually for a match. */
export const anchorSchedules = pgTable(
  'anchor_schedules',
  {
    id: serial('id').primaryKey(),
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchId: integer('match_id'),
    title: text('title').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('anchor_schedules_anchor_idx').on(t.anchorId, t.startAt),
    index('anchor_schedules_match_idx').on(t.matchId),
  ],
);
