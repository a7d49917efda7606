import { useCallback, useEffect, useRef, useState } from 'react';
import { failureText } from '../../lib/api/index.ts';
import type { ChatMessage, MatchBrief, RoomEvent, Sender } from '../../lib/live/types.ts';
import { BALANCES_EVENT, type BalancesDetail } from '../../lib/wallet-events.ts';
import { $watching } from '../../stores/stream-delay.ts';
import Barrage, { fly } from './Barrage.tsx';
import ChatPanel from './ChatPanel.tsx';
import type { FeedItem } from './ChatLine.tsx';
import GiftBar from './GiftBar.tsx';
import GiftEffects, { showGift } from './GiftEffects.tsx';
import HornMarquee, { type HornShown } from './HornMarquee.tsx';
import OfflineStage from './OfflineStage.tsx';
import Player from './Player.tsx';
import RankPanel from './RankPanel.tsx';
import { roomApi, type Gift, type RoomDetail } from './room-api.ts';
import RoomHeader from './RoomHeader.tsx';
import ScoreStrip from './ScoreStrip.tsx';
import RoomActions from './RoomActions.tsx';
import { useChatSender } from './use-chat-sender.ts';
import { useRoomFeed } from './use-room-feed.ts';
import { MSG } from '../../lib/messages.ts';

export interface Me {
  id: number;
  nickName: string;
  level: number;
  nobilityLevel: number;
}

interface Props {
  room: RoomDetail;
  gifts: Gift[];
  history: { list: ChatMessage[]; hasMore: boolean };
  me: Me | null;
  balance: number | null;
}

const MAX_ITEMS = 300;
const chatItem = (m: ChatMessage): FeedItem => ({ type: 'chat', key: `m${m.id}`, message: m });

/** /live/room/{id}: player with barrage and gift effects, the chat, gifts, red packets, nobility and horns. */
export default function LiveRoom({ room: initial, gifts, history, me, balance: initialBalance }: Props) {
  const [room, setRoom] = useState(initial);
  const [items, setItems] = useState<FeedItem[]>(() => history.list.map(chatItem));
  const [hasMore, setHasMore] = useState(history.hasMore);
  const [welcome, setWelcome] = useState<string | null>(null);
  const [forbidden, setForbidden] = useState(initial.forbidden);
  const [balance, setBalance] = useState(initialBalance);
  const [horn, setHorn] = useState<HornShown | null>(null);
  const hornDone = useCallback(() => setHorn(null), []);
  const [tab, setTab] = useState<'chat' | 'rank'>('chat');
  const [rankKey, setRankKey] = useState(0);
  const [grabId, setGrabId] = useState<number | null>(null);
  const seq = useRef(0);
  const lastId = history.list.at(-1)?.id ?? 0;

  const system = (text: string, tone: Extract<FeedItem, { type: 'system' }>['tone'] = 'info') =>
    setItems((list) =>
      [...list, { type: 'system' as const, key: `s${++seq.current}`, text, tone }].slice(-MAX_ITEMS),
    );

  const onChat = useCallback((m: ChatMessage) => {
    setItems((list) =>
      list.some((i) => i.key === `m${m.id}`) ? list : [...list, chatItem(m)].slice(-MAX_ITEMS),
    );
    fly(m);
  }, []);

  const onEvent = useCallback(
    (e: RoomEvent) => {
      switch (e.type) {
        case 'up':
        case 'settings':
          void roomApi.detail(room.id).then(setRoom, () => undefined);
          break;
        case 'down':
          setRoom((r) => ({ ...r, liveState: 0, pullUrls: [] }));
          system(e.suspended ? MSG.roomBlocked : MSG.roomEnded, e.suspended ? 'warn' : undefined);
          break;
        case 'notice':
          setRoom((r) => ({ ...r, notice: e.notice }));
          system(`公告更新：${e.notice}`);
          break;
        case 'entry':
          system(
            `${e.user.nobility ? `${e.user.nobility.name} ` : ''}${e.user.nickName} ${e.effect}`,
            'noble',
          );
          break;
        case 'gift':
          showGift(e);
          setRoom((r) => ({ ...r, heat: e.heat }));
          setRankKey((k) => k + 1);
          break;
        case 'redPacket':
          system(`${e.user.nickName} 发了一个红包，快来抢！`, 'gift');
          break;
        case 'redPacketGrab':
          system(`${e.nickName} 抢到了 ${e.amount} 球钻${e.left === 0 ? '，红包已抢完' : ''}`, 'gift');
          break;
        case 'forbid':
          if (e.userId === me?.id) setForbidden(true);
          system(`${e.nickName} 已被禁言`, 'warn');
          break;
        case 'unforbid':
          if (e.userId === me?.id) setForbidden(false);
          break;
        case 'nobility':
          system(`${e.user.nickName} 开通了 ${e.name}，尊享贵族特权`, 'noble');
          break;
        case 'horn':
          setHorn({ nickName: e.nickName, content: e.content, key: ++seq.current });
          break;
      }
    },
    [room.id, me?.id],
  );

  const deliver = useRoomFeed(room.id, me !== null, lastId, room.matchId, {
    onChat,
    onEvent,
    // Up or down while the page loaded (before the subscription): the room as it is now.
    onSubscribed: () => void roomApi.detail(room.id).then(setRoom, () => undefined),
    onScore: (s) =>
      setRoom((r) =>
        r.match && r.match.id === s.id
          ? {
              ...r,
              match: {
                ...r.match,
                homeScore: s.home.score,
                awayScore: s.away.score,
                stateName: s.stateName,
              } as MatchBrief,
            }
          : r,
      ),
  });

  useEffect(() => {
    roomApi.welcome(room.id).then(
      (w) => setWelcome(w.welcome),
      () => undefined,
    );
    const onBalances = (e: Event) => setBalance((e as CustomEvent<BalancesDetail>).detail.balance);
    addEventListener(BALANCES_EVENT, onBalances);
    return () => removeEventListener(BALANCES_EVENT, onBalances);
  }, [room.id]);

  const send = useChatSender(room.id, deliver);

  // Follow alerts of the match on screen wait for the picture (src/lib/follows/alert-hold.ts).
  const onDelay = useCallback(
    (seconds: number | null) =>
      $watching.set(
        room.matchId && seconds !== null ? { matchId: room.matchId, delayMs: seconds * 1000 } : null,
      ),
    [room.matchId],
  );
  useEffect(() => () => $watching.set(null), []);

  async function older() {
    const first = items.find((i) => i.type === 'chat');
    if (first?.type !== 'chat') return;
    const page = await roomApi.chatPage(room.id, { lastId: first.message.id });
    setItems((list) => [...page.list.map(chatItem), ...list]);
    setHasMore(page.hasMore);
  }

  async function ban(sender: Sender, minutes?: number) {
    try {
      await roomApi.forbid(room.id, sender.nickName, minutes);
      return null;
    } catch (err) {
      return failureText(err);
    }
  }

  async function sendGift(gift: Gift, count: number, requestId: string) {
    try {
      const r = await roomApi.sendGift(room.id, gift.id, count, requestId);
      setBalance(r.balance);
      return null;
    } catch (err) {
      return failureText(err);
    }
  }

  const live = room.liveState === 1;
  return (
    <div className="grid gap-0 md:gap-3 lg:grid-cols-[minmax(0,1fr)_340px]" data-live-room={room.id}>
      <div className="room-main flex min-w-0 flex-col">
        <RoomHeader
          room={room}
          heat={room.heat}
          title={room.title}
          loggedIn={me !== null}
          isAnchor={me?.id === room.anchorId}
        />
        <HornMarquee horn={horn} onDone={hornDone} />
        {room.mediaDown && (
          <p className="bg-amber-50 px-3 py-2 text-sm text-amber-800" role="status" data-media-down>
            直播服务暂时不可用（媒体服务器无法连接），恢复后刷新即可观看；聊天与礼物不受影响。
          </p>
        )}
        {live && room.mediaDown ? (
          <OfflineStage room={room} />
        ) : live ? (
          <Player urls={room.pullUrls} poster={room.cover} onDelay={onDelay}>
            <Barrage />
            <GiftEffects />
          </Player>
        ) : (
          <OfflineStage room={room} />
        )}
        {room.match && <ScoreStrip match={room.match} />}
        <GiftBar gifts={gifts} balance={balance} loggedIn={me !== null} onSend={sendGift} />
        <RoomActions
          roomId={room.id}
          level={me?.level ?? 0}
          loggedIn={me !== null}
          grabId={grabId}
          onGrabClose={() => setGrabId(null)}
        />
      </div>
      <aside
        className="room-chat flex h-[70vh] flex-col overflow-hidden bg-white md:rounded-lg lg:h-[calc(100vh-7rem)] lg:max-h-[860px]"
        aria-label="互动"
      >
        <div className="flex border-b border-line text-sm" role="tablist">
          {(['chat', 'rank'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              onClick={() => setTab(t)}
              className={`min-h-11 flex-1 py-2 ${tab === t ? 'border-b-2 border-brand font-medium text-brand' : 'text-ink-soft'}`}
            >
              {t === 'chat' ? '聊天' : '贡献榜'}
            </button>
          ))}
        </div>
        {tab === 'chat' ? (
          <ChatPanel
            items={items}
            welcome={welcome}
            notice={room.notice}
            hasMore={hasMore}
            onOlder={() => void older()}
            me={me}
            role={room.role}
            forbidden={forbidden}
            onSend={send}
            onBan={ban}
            onGrab={setGrabId}
          />
        ) : (
          <RankPanel anchorId={room.anchorId} refreshKey={rankKey} />
        )}
      </aside>
    </div>
  );
}
