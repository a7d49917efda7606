import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { readToken } from '../../lib/api/cookie.ts';
import { failureText } from '../../lib/api/index.ts';
import { matchHoldMs } from '../../lib/follows/alert-hold.ts';
import { holdQueue } from '../../lib/live/hold-queue.ts';
import { OPENER_NAME, OPENER_WHEN } from '../../lib/live/match-packets.ts';
import type { ChatMessage, MatchBrief, RoomEvent, RoomViewer, Sender } from '../../lib/live/types.ts';
import { BALANCES_EVENT, type BalancesDetail } from '../../lib/wallet-events.ts';
import { $watching } from '../../stores/stream-delay.ts';
import Barrage, { fly } from './Barrage.tsx';
import ChatPanel from './ChatPanel.tsx';
import type { FeedItem } from './ChatLine.tsx';
import GiftEffects, { showGift } from './GiftEffects.tsx';
import HornMarquee, { type HornShown } from './HornMarquee.tsx';
import OfflineStage from './OfflineStage.tsx';
import Player from './Player.tsx';
import { roomApi, type Gift, type RoomDetail } from './room-api.ts';
import RoomHeader from './RoomHeader.tsx';
import ScoreStrip from './ScoreStrip.tsx';
import RoomIcon from './RoomIcon.tsx';
import RoomTools from './RoomTools.tsx';
import { useHydrated } from '../common/use-hydrated.ts';
import { useChatSender } from './use-chat-sender.ts';
import { useRoomFeed } from './use-room-feed.ts';
import { MSG } from '../../lib/messages.ts';
import { LIVE_MSG } from '../../lib/live/messages.ts';

/**
 * All the same for every viewer: the page is the visitor's copy, a logged-in fan's too (issue #34).
 * The fan's own part (`me`: chat identity, balance, follow, role, ban) comes with the welcome call.
 */
interface Props {
  room: RoomDetail;
  gifts: Gift[];
  history: { list: ChatMessage[]; hasMore: boolean };
}

// Loaded when first used: the 贡献榜 tab, and a red packet opened from the chat (issue 39).
const RankPanel = lazy(() => import('./RankPanel.tsx'));
const GrabDialog = lazy(() => import('./RedPackets.tsx').then((m) => ({ default: m.GrabDialog })));

/** Chat lines the room remembers (the list shows the newest ChatPanel.LIVE_LINES while following). */
const MAX_ITEMS = 300;
const chatItem = (m: ChatMessage): FeedItem => ({ type: 'chat', key: `m${m.id}`, message: m });

/** /live/room/{id}: player with barrage and gift effects, the chat, gifts, red packets, nobility and horns. */
export default function LiveRoom({ room: initial, gifts, history }: Props) {
  const [room, setRoom] = useState(initial);
  const [items, setItems] = useState<FeedItem[]>(() => history.list.map(chatItem));
  const [hasMore, setHasMore] = useState(history.hasMore);
  const [welcome, setWelcome] = useState<string | null>(null);
  const [me, setMe] = useState<RoomViewer | null>(null);
  // A login cookie at load: the room's feed starts as the fan's at once, not when the welcome answers
  // (a switch then would unsubscribe and subscribe the room again as the socket opens). Only a
  // token that logs nobody in (the welcome's `me` is null) turns it into a visitor's.
  const [hasToken] = useState(() => readToken() !== null);
  const [welcomed, setWelcomed] = useState(false);
  // The first render matches the server's visitor copy: hydration would keep that copy's attributes (a
  // login prompt's data-needs-login on the fan's 发红包), so the fan's tools appear only after it.
  const hydrated = useHydrated();
  // The welcome call came with Save-Data: on (the player then takes its lowest line).
  const [saveData, setSaveData] = useState(false);
  const [forbidden, setForbidden] = useState(false);
  const [balance, setBalance] = useState<number | null>(null);
  const [horn, setHorn] = useState<HornShown | null>(null);
  const hornDone = useCallback(() => setHorn(null), []);
  const [tab, setTab] = useState<'chat' | 'rank'>('chat');
  const [rankKey, setRankKey] = useState(0);
  const [grabId, setGrabId] = useState<number | null>(null);
  const [sheet, setSheet] = useState(false);
  const seq = useRef(0);
  const lastId = history.list.at(-1)?.id ?? 0;

  const system = (text: string, tone: Extract<FeedItem, { type: 'system' }>['tone'] = 'info') =>
    setItems((list) =>
      [...list, { type: 'system' as const, key: `s${++seq.current}`, text, tone }].slice(-MAX_ITEMS),
    );

  // Score patches (and what a goal brings) wait for the picture, in arrival order.
  const [holdScore] = useState(() => holdQueue());
  const onChat = useCallback(
    (m: ChatMessage) => {
      const show = () => {
        setItems((list) =>
          list.some((i) => i.key === `m${m.id}`) ? list : [...list, chatItem(m)].slice(-MAX_ITEMS),
        );
        fly(m);
      };
      // A match packet's 开抢 line says a goal was scored: it waits for the picture like the score.
      if (m.kind === 'redPacket' && m.extra?.opened)
        holdScore(matchHoldMs(room.matchId, $watching.get()), show);
      else show();
    },
    [room.matchId, holdScore],
  );

  const onEvent = useCallback(
    (e: RoomEvent) => {
      switch (e.type) {
        case 'up':
        case 'settings':
          void roomApi.detail(room.id).then(setRoom, () => undefined);
          break;
        case 'down':
          setRoom((r) => ({ ...r, liveState: 0, pullUrls: [] }));
          system(e.suspended ? LIVE_MSG.roomBlocked : MSG.roomEnded, e.suspended ? 'warn' : undefined);
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
          if (e.opened && e.opensOn)
            // Opened by a goal or half time: told when this viewer's picture shows it (issue 36 §4).
            holdScore(matchHoldMs(room.matchId, $watching.get()), () =>
              system(`${e.user.nickName} 的${OPENER_NAME[e.opensOn!]}开抢啦，快来抢！`, 'gift'),
            );
          else if (e.opensOn)
            system(`${e.user.nickName} 埋了一个${OPENER_NAME[e.opensOn]}，${OPENER_WHEN[e.opensOn]}`, 'gift');
          else system(`${e.user.nickName} 发了一个红包，快来抢！`, 'gift');
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
    [room.id, room.matchId, me?.id, holdScore],
  );

  const deliver = useRoomFeed(room.id, hasToken && (!welcomed || me !== null), lastId, room.matchId, {
    onChat,
    onEvent,
    // Up or down while the page loaded (before the subscription): the room as it is now.
    // Unchanged (the usual case) keeps the same object, so the room does not render again while it loads.
    onSubscribed: () =>
      void roomApi.detail(room.id).then(
        (now) => setRoom((r) => (JSON.stringify(r) === JSON.stringify(now) ? r : now)),
        () => undefined,
      ),
    // The strip's score waits for the picture, as the follow alerts do: never a goal before the video shows it.
    onScore: (s) =>
      holdScore(matchHoldMs(s.id, $watching.get()), () =>
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
      ),
  });

  useEffect(() => {
    let left = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // Until it answers the fan's tools stay disabled, so a failed call (a blip, a busy instance)
    // is asked again, waiting longer each time, rather than leaving them so until a reload.
    const ask = (attempt: number) =>
      roomApi.welcome(room.id).then(
        (w) => {
          if (!left) return;
          setWelcome(w.welcome);
          setWelcomed(true);
          if (w.saveData) setSaveData(true);
          if (!w.me) return;
          setMe(w.me);
          setBalance(w.me.balance);
          setForbidden(w.me.forbidden);
        },
        () => {
          if (left) retry = setTimeout(() => ask(attempt + 1), Math.min(30_000, 1000 * 2 ** attempt));
        },
      );
    ask(0);
    const onBalances = (e: Event) => setBalance((e as CustomEvent<BalancesDetail>).detail.balance);
    addEventListener(BALANCES_EVENT, onBalances);
    return () => {
      left = false;
      clearTimeout(retry);
      removeEventListener(BALANCES_EVENT, onBalances);
    };
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
        {/* Suspense boundaries let React hydrate the room in parts, yielding between them (a
            shorter longest task on a slow phone, issue 39). Each stays under React's 12.8 KB
            progressive chunk size: a larger one is streamed out of order by an inline script,
            which the site's CSP refuses (the chat wraps each line instead). */}
        <Suspense fallback={null}>
          <RoomHeader
            room={room}
            heat={room.heat}
            title={room.title}
            loggedIn={me !== null}
            isAnchor={me?.role === 'anchor'}
            isFollowed={me?.isFollowed ?? false}
          />
        </Suspense>
        <HornMarquee horn={horn} onDone={hornDone} />
        {room.mediaDown && (
          <p className="bg-amber-50 px-3 py-2 text-sm text-amber-800" role="status" data-media-down>
            直播服务暂时不可用（媒体服务器无法连接），恢复后刷新即可观看；聊天与礼物不受影响。
          </p>
        )}
        {live && room.mediaDown ? (
          <OfflineStage room={room} />
        ) : live ? (
          <Player urls={room.pullUrls} poster={room.cover} onDelay={onDelay} rooms saveData={saveData}>
            <Barrage />
            <GiftEffects />
          </Player>
        ) : (
          <OfflineStage room={room} />
        )}
        {room.match && <ScoreStrip match={room.match} />}
        <Suspense fallback={null}>
          <RoomTools
            roomId={room.id}
            gifts={gifts}
            balance={balance}
            loggedIn={me !== null}
            awaitingViewer={hydrated && hasToken && !welcomed}
            level={me?.level ?? 0}
            anchorMatch={me && me.id === room.anchorId && room.match ? room.match : null}
            onSend={sendGift}
            sheetOpen={sheet}
            onSheetClose={() => setSheet(false)}
          />
        </Suspense>
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
            // The room as re-read for this fan (after an appointment) over their part at load.
            role={room.role ?? me?.role ?? null}
            forbidden={forbidden}
            onSend={send}
            onBan={ban}
            onGrab={setGrabId}
            inputExtra={
              <button
                type="button"
                className="room-sheet-only flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-accent-light text-accent"
                aria-label="礼物与互动"
                aria-controls="room-tools"
                aria-expanded={sheet}
                onClick={() => setSheet(!sheet)}
              >
                <RoomIcon name="gift" className="h-6 w-6" />
              </button>
            }
          />
        ) : (
          <Suspense fallback={<p className="p-4 text-sm text-ink-mute">加载中…</p>}>
            <RankPanel anchorId={room.anchorId} refreshKey={rankKey} />
          </Suspense>
        )}
      </aside>
      {grabId !== null && (
        <Suspense fallback={null}>
          <GrabDialog packetId={grabId} onClose={() => setGrabId(null)} />
        </Suspense>
      )}
    </div>
  );
}
