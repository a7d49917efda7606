import { lazy, Suspense, useRef, useState } from 'react';
import { formatCount } from '../../lib/wallet.ts';
import { BarrageSettingsMenu } from './Barrage.tsx';
import type { Gift } from './room-api.ts';
import RoomIcon from './RoomIcon.tsx';

// Each loads the first time it is used: the room's first screen needs none of them (issue 39).
const GiftPanel = lazy(() => import('./GiftPanel.tsx'));
const SendPacketDialog = lazy(() =>
  import('./RedPackets.tsx').then((m) => ({ default: m.SendPacketDialog })),
);
const NobilityDialog = lazy(() => import('./NobilityDialog.tsx'));
const HornDialog = lazy(() => import('./HornDialog.tsx'));

type DialogName = 'packet' | 'noble' | 'horn';

interface Props {
  roomId: number;
  gifts: Gift[];
  balance: number | null;
  loggedIn: boolean;
  /** A login cookie whose welcome has not answered yet: the fan's tools show, disabled, not a login prompt. */
  awaitingViewer: boolean;
  level: number;
  /** The room's match when the viewer is its anchor and may arm a match packet (比赛红包). */
  anchorMatch: { sport: number } | null;
  /** Resolves to an error message, or null when sent. */
  onSend(gift: Gift, count: number, requestId: string): Promise<string | null>;
  /** The bottom sheet is open (phones; beside the chat the tools are always shown under the video). */
  sheetOpen: boolean;
  onSheetClose(): void;
}

/** 44 px tall on phones (issue 33 item 6), the old compact size beside the chat. */
const action = 'btn-ghost min-h-11 md:min-h-0 disabled:cursor-default disabled:opacity-50';

/**
 * The room's tools: the gift strip (pick one to send), 发红包, 贵族, 喇叭 and the barrage settings.
 * Under the video beside the chat; a bottom sheet on an upright phone (global.css `.room-tools`).
 */
export default function RoomTools(p: Props) {
  const [picked, setPicked] = useState<Gift | null>(null);
  const [dialog, setDialog] = useState<DialogName | null>(null);
  // A dialog once opened stays mounted (closed), so its request key survives a close and reopen.
  const [used, setUsed] = useState<DialogName[]>([]);
  // On an upright phone the gift icons of a sheet never opened are not fetched (global.css): twelve
  // SVG documents fewer on the main thread while the room loads. Once opened, they stay.
  const sheetSeen = useRef(false);
  if (p.sheetOpen) sheetSeen.current = true;
  const open = (name: DialogName) => {
    setUsed((list) => (list.includes(name) ? list : [...list, name]));
    setDialog(name);
    p.onSheetClose();
  };
  const close = () => setDialog(null);

  return (
    <>
      {p.sheetOpen && (
        <div className="room-sheet-backdrop room-sheet-only" onClick={p.onSheetClose} aria-hidden="true" />
      )}
      <section
        id="room-tools"
        aria-label="礼物与互动"
        className="room-tools border-t border-line bg-white px-3 py-2 md:rounded-b-lg"
        data-open={p.sheetOpen || undefined}
        data-seen={sheetSeen.current || undefined}
      >
        <div className="room-sheet-only mb-1 flex items-center justify-between">
          <h2 className="text-base font-bold">礼物与互动</h2>
          <button
            type="button"
            onClick={p.onSheetClose}
            aria-label="收起"
            className="flex h-11 w-11 items-center justify-center text-xl text-ink-mute"
          >
            ×
          </button>
        </div>
        <div className="flex items-center gap-3">
          <ul className="flex min-w-0 flex-1 gap-1 overflow-x-auto pb-1" aria-label="礼物">
            {p.gifts.map((g) => (
              <li key={g.id} className="shrink-0">
                <button
                  type="button"
                  onClick={() => setPicked(picked?.id === g.id ? null : g)}
                  aria-pressed={picked?.id === g.id}
                  className={`flex w-16 flex-col items-center rounded-md border px-1 py-1 text-xs ${picked?.id === g.id ? 'border-accent bg-accent-light' : 'border-transparent hover:border-line'}`}
                >
                  <img src={g.icon} alt="" width={36} height={36} className="h-9 w-9" loading="lazy" />
                  <span className="w-full truncate text-center">{g.name}</span>
                  <span className="text-[11px] text-ink-mute">{formatCount(g.price)}钻</span>
                </button>
              </li>
            ))}
          </ul>
          <div className="shrink-0 text-right text-xs">
            {p.loggedIn ? (
              <>
                <p>
                  球钻{' '}
                  <b className="tabular-nums text-accent" data-room-balance>
                    {p.balance === null ? '—' : formatCount(p.balance)}
                  </b>
                </p>
                <a
                  href="/v/pay"
                  className="inline-flex min-h-11 items-center text-brand hover:underline md:min-h-0"
                >
                  充值
                </a>
              </>
            ) : (
              <button
                type="button"
                data-needs-login
                className="min-h-11 text-brand hover:underline md:min-h-0"
              >
                登录送礼
              </button>
            )}
          </div>
        </div>
        {picked && (
          <Suspense fallback={<p className="mt-1 min-h-11 text-sm text-ink-mute">加载中…</p>}>
            <GiftPanel gift={picked} loggedIn={p.loggedIn} onSend={p.onSend} />
          </Suspense>
        )}
        <div className="mt-1 flex flex-wrap items-center gap-2 border-t border-line pt-2 text-sm">
          {p.loggedIn || p.awaitingViewer ? (
            <>
              <button
                type="button"
                disabled={!p.loggedIn}
                className={`${action} !border-[#e03131] !text-[#e03131]`}
                onClick={() => open('packet')}
              >
                <RoomIcon name="packet" /> 发红包
              </button>
              <button type="button" disabled={!p.loggedIn} className={action} onClick={() => open('noble')}>
                <RoomIcon name="crown" /> 贵族
              </button>
              <button type="button" disabled={!p.loggedIn} className={action} onClick={() => open('horn')}>
                <RoomIcon name="horn" /> 喇叭
              </button>
            </>
          ) : (
            <button type="button" data-needs-login className={action}>
              登录后发红包、开通贵族
            </button>
          )}
          <span className="flex-1" />
          <BarrageSettingsMenu />
        </div>
      </section>
      <Suspense fallback={null}>
        {used.includes('packet') && (
          <SendPacketDialog
            roomId={p.roomId}
            level={p.level}
            anchorMatch={p.anchorMatch}
            open={dialog === 'packet'}
            onClose={close}
          />
        )}
        {used.includes('noble') && (
          <NobilityDialog roomId={p.roomId} open={dialog === 'noble'} onClose={close} />
        )}
        {used.includes('horn') && <HornDialog roomId={p.roomId} open={dialog === 'horn'} onClose={close} />}
      </Suspense>
    </>
  );
}
