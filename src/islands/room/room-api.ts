import type { PacketOpener } from '../../lib/live/match-packets.ts';
import { api } from '../../lib/api/index.ts';
import type { ChatMessage, MatchBrief, RoomCard, RoomViewer } from '../../lib/live/types.ts';
import { announceBalances } from '../../lib/wallet-events.ts';
import { newRequestKey } from '../../lib/wallet.ts';

/** The live room's calls to /svc (docs/live-rooms.md). */

export interface PullUrl {
  name: string;
  url: string;
  /** 流畅线路 (`low`) or 只听声音 (`audio`): the media server's lower lines (src/lib/live/line-choice.ts). */
  kind?: 'low' | 'audio';
}

export interface RoomDetail extends RoomCard {
  notice: string;
  slowMode: number;
  signature: string | null;
  followers: number;
  isFollowed: boolean;
  role: 'anchor' | 'manager' | 'viewer' | null;
  forbidden: boolean;
  demo: boolean;
  /** The media server did not answer (直播服务暂时不可用). */
  mediaDown?: boolean;
  pullUrls: PullUrl[];
  schedule: { id: number; title: string; startAt: string; match: MatchBrief | null }[];
  replays: { id: number; title: string; cover: string | null; startedAt: string; minutes: number }[];
}

export interface Gift {
  id: number;
  name: string;
  icon: string;
  price: number;
  tier: number;
}

export interface PacketView {
  id: number;
  roomId: number;
  sender: { id: number; nickName: string; portrait: string | null };
  total: number;
  count: number;
  mode: number;
  hasPassword: boolean;
  grabbed: number;
  amountLeft: number;
  status: 'open' | 'done' | 'expired' | 'armed';
  /** A match packet's moment (比赛红包), null for one sent open. */
  opensOn: PacketOpener | null;
  openedAt: string | null;
  expiresAt: string;
  mine: number | null;
  grabs: { userId: number; nickName: string; amount: number; createdAt: string; best: boolean }[];
}

export const roomApi = {
  chatPage: async (roomId: number, opts: { lastId?: number; afterId?: number; pageSize?: number } = {}) =>
    (
      await api.post<{ list: ChatMessage[]; hasMore: boolean }>('/api/chat/page', {
        roomId,
        pageSize: 20,
        ...opts,
      })
    ).data,
  welcome: async (roomId: number) =>
    (
      await api.post<{
        welcome: string;
        notice: string;
        entry: boolean;
        me: RoomViewer | null;
        saveData: boolean;
      }>('/api/chat/welcome', { roomId })
    ).data,
  send: async (roomId: number, body: { content: string; barrage?: number; atUserId?: number }) =>
    (await api.post<ChatMessage>('/api/chat/msg', { roomId, platform: 1, ...body })).data,
  /** 举报: one chat message, or its sender (docs/ops.md, the report queue). */
  reportMessage: async (messageId: number, reason: string) =>
    (await api.post<{ id: number }>('/api/report/message', { messageId, reason })).data,
  reportUser: async (userId: number, reason: string) =>
    (await api.post<{ id: number }>('/api/report/user', { userId, reason })).data,
  detail: async (roomId: number) => (await api.get<RoomDetail>('/api/room/detail', { roomId })).data,
  info: async (roomId: number) =>
    (
      await api.get<{
        liveState: number;
        heat: number;
        title: string;
        notice: string;
        match: MatchBrief | null;
      }>('/api/room/info', { roomId })
    ).data,
  follow: async (anchorId: number, on: boolean) =>
    (
      await api.get<{ isFollowed: boolean; followers: number }>('/api/attention/operAttention', {
        targetId: anchorId,
        operateType: on ? 1 : 0,
        type: 1,
      })
    ).data,

  async sendGift(roomId: number, giftId: number, count: number, requestId = newRequestKey()) {
    const { data } = await api.post<{ balance: number; combo: number }>('/pay/gift', {
      roomId,
      giftId,
      count,
      requestId,
    });
    await refreshBalances();
    return data;
  },
  packets: async (roomId: number) => (await api.get<PacketView[]>('/api/redPacket/list', { roomId })).data,
  packet: async (packetId: number) => (await api.get<PacketView>('/api/redPacket/detail', { packetId })).data,
  async sendPacket(body: {
    roomId: number;
    total: number;
    count: number;
    mode: number;
    password?: string;
    requestId: string;
    opensOn?: PacketOpener;
  }) {
    const { data } = await api.post<PacketView>('/api/redPacket/send', body);
    await refreshBalances();
    return data;
  },
  async grab(packetId: number, password?: string) {
    const { data } = await api.post<{ amount: number; packet: PacketView }>('/api/redPacket/grab', {
      packetId,
      password,
    });
    await refreshBalances();
    return data;
  },
  rank: async (anchorId: number, rankType: string) =>
    (
      await api.get<
        {
          rank: number;
          userId: number;
          nickName: string;
          portrait: string | null;
          level: number;
          amount: number;
        }[]
      >('/pay/room/user/rank', { anchorId, rankType })
    ).data,
  hornInfo: async () => (await api.get<{ price: number; maxLength: number }>('/api/horn/info')).data,
  async sendHorn(content: string, roomId: number, requestId: string) {
    const { data } = await api.post('/api/horn/send', { content, roomId, requestId });
    await refreshBalances();
    return data;
  },
  nobilityBag: async () =>
    (
      await api.get<{
        current: { id: number; name: string; expiresAt: string } | null;
        tiers: {
          id: number;
          name: string;
          level: number;
          monthlyPrice: number;
          renewPrice: number;
          color: string;
          perks: { badge: string; entryEffect: string; bubble: number };
        }[];
      }>('/api/nobility/bag')
    ).data,
  async activateNobility(nobilityId: number, months: number, roomId: number, requestId: string) {
    const { data } = await api.get<{ nobility: { name: string; expiresAt: string } }>(
      '/api/nobility/active',
      { nobilityId, months, roomId, requestId },
    );
    await refreshBalances();
    return data;
  },
  forbid: async (roomId: number, nickName: string, minutes?: number) =>
    (await api.get('/api/forbid/add', { roomId, nickName, minutes })).data,
};

/** Reads the balances and tells the header (and the gift bar) about them. */
export async function refreshBalances(): Promise<{ balance: number; ticket: number } | null> {
  try {
    const { data } = await api.get<{ balance: number; ticket: number }>('/api/user/coin');
    announceBalances(data);
    return data;
  } catch {
    return null;
  }
}
