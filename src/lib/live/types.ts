import type { PacketOpener } from './match-packets.ts';
import type { MatchPhase } from '../vocab/match-states.ts';

/**
 * Shapes of the live-room API (docs/live-rooms.md), shared by the server's views and the islands.
 */

/** The linked match of a room, as the sports engine describes it. */
export interface MatchBrief {
  id: number;
  /** 1 football, 2 basketball. */
  sport: number;
  competition: string;
  home: string;
  away: string;
  homeScore: number | null;
  awayScore: number | null;
  /** The state code (src/lib/vocab/match-states.ts) and its name. */
  state: number;
  stateName: string;
  kickoffAt: string;
  phase: MatchPhase;
}

/** A room in the lists (/api/room/page, hot rooms, search). */
export interface RoomCard {
  id: number;
  roomId: number;
  title: string;
  cover: string | null;
  navId: number;
  navName: string;
  heat: number;
  /** 1 live, 0 offline. */
  liveState: number;
  liveSince: string | null;
  anchorId: number;
  nickName: string;
  portrait: string | null;
  level: number;
  matchId: number | null;
  match: MatchBrief | null;
}

export interface Nobility {
  id: number;
  name: string;
  level: number;
  color: string;
  badge: string;
}

/** Who sent a chat message, as they were when they sent it. */
export interface Sender {
  id: number;
  nickName: string;
  level: number;
  /** 'anchor' | 'manager' | null */
  role: 'anchor' | 'manager' | null;
  nobility: Nobility | null;
  /** Chat bubble 0–5. */
  bubble: number;
  /** A voice of the demo room chat (not a person): shown with a 演示 badge. */
  demo?: boolean;
}

/**
 * What a live room shows differently to one logged-in fan: who they are in the chat (name, level,
 * nobility), their 球钻 in the gift panel, the follow button, their role (the anchor's and managers'
 * tools) and a ban. The room page is the visitor's copy for everyone (issue #34); the island gets
 * this as `me` from POST /api/chat/welcome, the call it makes as it loads.
 */
export interface RoomViewer {
  id: number;
  nickName: string;
  level: number;
  /** The level of the nobility held now (0: none). */
  nobilityLevel: number;
  /** 球钻, for the gift panel. */
  balance: number;
  isFollowed: boolean;
  role: 'anchor' | 'manager' | 'viewer';
  forbidden: boolean;
}

export interface ChatMessage {
  id: number;
  roomId: number | null;
  matchId: number | null;
  kind: 'text' | 'gift' | 'redPacket';
  content: string;
  sender: Sender;
  atInfo: { id: number; nickName: string } | null;
  /** Barrage style id when the message also flies over the video. */
  barrage: number | null;
  extra: Record<string, unknown> | null;
  createdAt: string;
}

/** `payload` of WS_CODE.roomEvent deliveries on `room:{id}`. */
export type RoomEvent =
  | { type: 'up'; roomId: number; title: string }
  | { type: 'down'; roomId: number; suspended?: boolean }
  | { type: 'notice'; roomId: number; notice: string }
  | { type: 'settings'; roomId: number; title: string; slowMode: number; matchId: number | null }
  | { type: 'entry'; roomId: number; user: Sender; effect: string }
  | {
      type: 'gift';
      roomId: number;
      user: Sender;
      gift: { id: number; name: string; icon: string; tier: number };
      count: number;
      combo: number;
      heat: number;
    }
  | {
      type: 'redPacket';
      roomId: number;
      packetId: number;
      user: Sender;
      count: number;
      total: number;
      hasPassword: boolean;
      /** A match packet armed now: what opens it (docs/live-rooms.md, 比赛红包). */
      opensOn?: PacketOpener;
      /** A match packet that has just opened (its goal or half time). */
      opened?: true;
    }
  | {
      type: 'redPacketGrab';
      roomId: number;
      packetId: number;
      nickName: string;
      amount: number;
      left: number;
    }
  | { type: 'forbid'; roomId: number; userId: number; nickName: string; until: string | null }
  | { type: 'unforbid'; roomId: number; userId: number }
  | { type: 'nobility'; roomId: number; user: Sender; name: string }
  | { type: 'horn'; roomId: number; id: number; nickName: string; content: string };
