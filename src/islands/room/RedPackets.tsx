import { useEffect, useState, type SubmitEvent } from 'react';
import { failureText } from '../../lib/api/index.ts';
import { LEVEL_GATES, RED_PACKET } from '../../lib/live/rules.ts';
import { formatCount, newRequestKey } from '../../lib/wallet.ts';
import Dialog from './Dialog.tsx';
import { roomApi, type PacketView } from './room-api.ts';
import { LIVE_MSG } from '../../lib/live/messages.ts';
import { OPENER_NAME, OPENER_WHEN, type PacketOpener } from '../../lib/live/match-packets.ts';

/**
 * 发红包: total, count, random or equal, an optional password word; for the anchor of a room showing a
 * match, when it opens: at once, at the next goal (football) or at half time (比赛红包).
 */
export function SendPacketDialog({
  roomId,
  level,
  anchorMatch,
  open,
  onClose,
}: {
  roomId: number;
  level: number;
  anchorMatch: { sport: number } | null;
  open: boolean;
  onClose(): void;
}) {
  const [mode, setMode] = useState<number>(RED_PACKET.modes.random);
  const [opensOn, setOpensOn] = useState<PacketOpener | null>(null);
  const [total, setTotal] = useState('100');
  const [count, setCount] = useState('10');
  const [password, setPassword] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newRequestKey);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await roomApi.sendPacket({
        roomId,
        total: Number(total),
        count: Number(count),
        mode,
        password: password.trim() || undefined,
        requestId: key,
        opensOn: opensOn ?? undefined,
      });
      setKey(newRequestKey());
      setNote(null);
      onClose();
    } catch (err) {
      setNote(failureText(err));
    } finally {
      setBusy(false);
    }
  }

  const field = 'h-11 w-full rounded-md border border-line px-2';
  // The level rule is checked here too, so the button never looks usable when sending would fail.
  const tooLow = level < LEVEL_GATES.redPacket;
  return (
    <Dialog open={open} title="发红包" onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-3 text-sm">
        {tooLow && (
          <p id="packet-level-rule" className="rounded bg-accent-light px-2 py-1 text-xs text-accent">
            等级达到Lv{LEVEL_GATES.redPacket}才能发红包（你当前为Lv{level}），每天登录可积累经验升级
          </p>
        )}
        <div className="flex gap-2" role="radiogroup" aria-label="红包类型">
          {[
            [RED_PACKET.modes.random, '拼手气红包'],
            [RED_PACKET.modes.equal, '普通红包'],
          ].map(([m, label]) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={mode === m}
              onClick={() => setMode(m as number)}
              className={`min-h-11 flex-1 rounded-md border py-1.5 ${mode === m ? 'border-[#e03131] bg-[#fff0f0] text-[#e03131]' : 'border-line'}`}
            >
              {label}
            </button>
          ))}
        </div>
        {anchorMatch && (
          <div className="flex gap-2" role="radiogroup" aria-label="开抢时机">
            {(
              [
                [null, '立即开抢'],
                ...(anchorMatch.sport === 1 ? [['goal', '下个进球']] : []),
                ['half', '中场休息'],
              ] as [PacketOpener | null, string][]
            ).map(([on, label]) => (
              <button
                key={label}
                type="button"
                role="radio"
                aria-checked={opensOn === on}
                onClick={() => setOpensOn(on)}
                className={`min-h-11 flex-1 rounded-md border py-1.5 ${opensOn === on ? 'border-[#e03131] bg-[#fff0f0] text-[#e03131]' : 'border-line'}`}
              >
                {label}
              </button>
            ))}
          </div>
        )}
        <label>
          总额（球钻）
          <input
            className={field}
            inputMode="numeric"
            value={total}
            onChange={(e) => setTotal(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        <label>
          个数（1-{RED_PACKET.maxCount}）
          <input
            className={field}
            inputMode="numeric"
            value={count}
            onChange={(e) => setCount(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        <label>
          口令（可选，抢时需输入）
          <input
            className={field}
            maxLength={RED_PACKET.passwordMax}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            placeholder="如：球友圈666"
          />
        </label>
        <p className="text-xs text-ink-mute">
          {opensOn
            ? `${OPENER_WHEN[opensOn]}；比赛结束前未开出则全额退回，开抢后24小时内未被抢完的球钻将退回你的钱包。`
            : '24小时内未被抢完的球钻将退回你的钱包。'}
        </p>
        <p role="alert" className="min-h-4 text-xs text-[#d6336c]">
          {note}
        </p>
        <button
          type="submit"
          className="btn-primary min-h-11 !bg-[#e03131] disabled:cursor-not-allowed"
          disabled={busy || tooLow}
          aria-describedby={tooLow ? 'packet-level-rule' : undefined}
        >
          {tooLow
            ? `Lv${LEVEL_GATES.redPacket}才能发红包`
            : `塞进红包 ${total ? `${formatCount(Number(total))} 球钻` : ''}`}
        </button>
      </form>
    </Dialog>
  );
}

/** 抢红包 and its result list (who took how much, the luckiest one). */
export function GrabDialog({ packetId, onClose }: { packetId: number | null; onClose(): void }) {
  const [packet, setPacket] = useState<PacketView | null>(null);
  const [password, setPassword] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setPacket(null);
    setNote(null);
    setPassword('');
    if (!packetId) return;
    let current = true;
    roomApi.packet(packetId).then(
      (p) => current && setPacket(p),
      (err) => current && setNote(failureText(err)),
    );
    return () => {
      current = false;
    };
  }, [packetId]);

  async function grab() {
    if (!packetId) return;
    setBusy(true);
    try {
      const got = await roomApi.grab(packetId, password.trim() || undefined);
      setPacket(got.packet);
      setNote(`抢到 ${got.amount} 球钻！`);
    } catch (err) {
      setNote(failureText(err));
      setPacket(await roomApi.packet(packetId).catch(() => packet));
    } finally {
      setBusy(false);
    }
  }

  const canGrab = packet && packet.status === 'open' && packet.mine === null;
  return (
    <Dialog open={packetId !== null} title="红包" onClose={onClose}>
      {!packet ? (
        <p className="text-sm text-ink-mute">{note ?? '加载中…'}</p>
      ) : (
        <div className="flex flex-col gap-3 text-sm">
          <div className="rounded-lg bg-[#e03131] p-4 text-center text-white">
            <p>
              {packet.sender.nickName} 的{packet.mode === RED_PACKET.modes.random ? '拼手气' : ''}红包
            </p>
            <p className="mt-1 text-xs opacity-90">
              共 {packet.total} 球钻 · {packet.count} 个 · 已抢 {packet.grabbed} 个
            </p>
            {packet.mine !== null && (
              <p className="mt-2 text-2xl font-bold text-[#ffd43b]">{packet.mine} 球钻</p>
            )}
          </div>
          {canGrab && packet.hasPassword && (
            <input
              className="h-9 rounded-md border border-line px-2"
              placeholder="请输入口令"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-label="红包口令"
            />
          )}
          {canGrab && (
            <button
              type="button"
              className="btn-primary !bg-[#e03131]"
              disabled={busy}
              onClick={() => void grab()}
            >
              开
            </button>
          )}
          <p role="status" className="min-h-4 text-center text-[#e03131]">
            {note ??
              (packet.status === 'armed' && packet.opensOn
                ? `${OPENER_NAME[packet.opensOn]}，${OPENER_WHEN[packet.opensOn]}`
                : packet.status === 'expired' && packet.opensOn && !packet.openedAt
                  ? '比赛结束时未开出，已全额退回主播'
                  : packet.status === 'expired'
                    ? LIVE_MSG.redPacketExpired
                    : packet.status === 'done' && packet.mine === null
                      ? LIVE_MSG.redPacketGone
                      : '')}
          </p>
          <ul className="max-h-48 overflow-y-auto divide-y divide-line" aria-label="领取记录">
            {packet.grabs.map((g) => (
              <li key={g.userId} className="flex justify-between py-1.5">
                <span>
                  {g.nickName}
                  {g.best && <span className="ml-1 rounded bg-[#ffd43b] px-1 text-[10px]">手气最佳</span>}
                </span>
                <span className="tabular-nums">{g.amount} 球钻</span>
              </li>
            ))}
            {packet.grabs.length === 0 && (
              <li className="py-2 text-center text-xs text-ink-mute">还没有人抢到</li>
            )}
          </ul>
        </div>
      )}
    </Dialog>
  );
}
