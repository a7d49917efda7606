import { LEVELS } from '../vocab/levels.ts';

/**
 * Live-room rules shared by the room island and the server (docs/live-rooms.md). The server
 * enforces every one of them; the client reads them to explain before a request fails.
 */
export const CHAT = {
  /** Characters per message (an emoji token counts by its characters). */
  maxLength: 50,
  /** Per user, across rooms: this many messages … */
  burst: 5,
  /** … in this window. */
  burstWindowMs: 10_000,
  /** Chat history page (spec §9). */
  pageSize: 20,
  /** Slow-mode choices of the anchor, seconds (0 = off). */
  slowModes: [0, 3, 5, 10, 30, 60] as const,
} as const;

/** What a level unlocks in the room (src/lib/vocab/levels.ts says the same in words). */
export const LEVEL_GATES = { barrage: 1, mention: 2, redPacket: 3, entryNotice: 5 } as const;

/** The chat bubble of a sender: the better of the level's and the nobility's (0 = plain). */
export function bubbleOf(level: number, nobilityBubble = 0): number {
  return Math.max(LEVELS[level]?.bubble ?? 0, nobilityBubble);
}

/** Chat bubble styles 1–5 (/api/nobility/bubble). */
export const BUBBLES = [
  { id: 1, name: '青铜气泡', background: '#eef6f1', border: '#9fd3b8', color: '#075c3a' },
  { id: 2, name: '白银气泡', background: '#eef2f7', border: '#a9b8cc', color: '#1f3a5f' },
  { id: 3, name: '黄金气泡', background: '#fff7e0', border: '#f0c14b', color: '#7a4b00' },
  { id: 4, name: '紫晶气泡', background: '#f4eefe', border: '#b89af5', color: '#4c1d95' },
  { id: 5, name: '王者气泡', background: '#fff0f0', border: '#f08c8c', color: '#8a1111' },
] as const;

/** Barrage (弹幕) styles (/api/chat/barrage/all): who may use which colour. */
export const BARRAGE_STYLES = [
  { id: 1, name: '白色', color: '#ffffff', minLevel: LEVEL_GATES.barrage, nobilityLevel: 0 },
  { id: 2, name: '球场绿', color: '#5ee6a8', minLevel: 4, nobilityLevel: 0 },
  { id: 3, name: '活力橙', color: '#ffa94d', minLevel: 4, nobilityLevel: 0 },
  { id: 4, name: '贵族紫', color: '#c4a7ff', minLevel: 0, nobilityLevel: 1 },
  { id: 5, name: '王者金', color: '#ffd43b', minLevel: 0, nobilityLevel: 4 },
] as const;

export type BarrageStyle = (typeof BARRAGE_STYLES)[number];

/** A style is allowed by the level or by the nobility, whichever the style asks for. */
export function barrageAllowed(style: BarrageStyle, level: number, nobilityLevel: number): boolean {
  if (style.nobilityLevel > 0)
    return nobilityLevel >= style.nobilityLevel || (style.minLevel > 0 && level >= style.minLevel);
  return level >= style.minLevel;
}

export const RED_PACKET = {
  minCount: 1,
  maxCount: 100,
  /** Every share is at least 1 球钻. */
  minTotal: 1,
  maxTotal: 1_000_000,
  passwordMax: 10,
  ttlMs: 24 * 3600_000,
  /** 1 random (拼手气), 2 equal (普通). */
  modes: { random: 1, equal: 2 } as const,
} as const;

export const HORN = {
  /** 球钻 per horn. */
  price: 100,
  maxLength: 40,
  /** How long a horn scrolls in the rooms. */
  showMs: 30_000,
} as const;

/** Lv7 and up pay 90% for a horn (src/lib/vocab/levels.ts). */
export const hornPrice = (level: number) => (level >= 7 ? Math.ceil(HORN.price * 0.9) : HORN.price);

export const MANAGERS_MAX = 20;
export const REPORT_REASONS = ['色情低俗', '政治敏感', '赌博诈骗', '侵权盗播', '辱骂引战', '其他'] as const;

/** An @mention typed at the start of a message: "@昵称 " */
export const MENTION_RE = /^@(\S{2,12})\s/;
