import { useEffect, useState } from 'react';
import { formatCount } from '../../lib/wallet.ts';
import { roomApi } from './room-api.ts';

type Row = Awaited<ReturnType<typeof roomApi.rank>>[number];
const PERIODS = [
  ['day', '日榜'],
  ['week', '周榜'],
  ['month', '月榜'],
  ['total', '总榜'],
] as const;

/** 贡献榜: who gave this anchor the most 球钻 (the wallet's /pay/room/user/rank). Refreshed when a gift lands. */
export default function RankPanel({ anchorId, refreshKey }: { anchorId: number; refreshKey: number }) {
  const [period, setPeriod] = useState<string>('day');
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    let current = true;
    roomApi.rank(anchorId, period).then(
      (r) => current && setRows(r),
      () => current && setRows([]),
    );
    return () => {
      current = false;
    };
  }, [anchorId, period, refreshKey]);

  return (
    <section aria-label="贡献榜" className="flex min-h-0 flex-1 flex-col">
      <div className="flex gap-1 border-b border-line p-2">
        {PERIODS.map(([key, label]) => (
          <button
            key={key}
            type="button"
            aria-pressed={period === key}
            onClick={() => setPeriod(key)}
            className={`rounded px-2 py-0.5 text-xs ${period === key ? 'bg-brand text-white' : 'text-ink-soft hover:text-brand'}`}
          >
            {label}
          </button>
        ))}
      </div>
      <ol className="min-h-0 flex-1 overflow-y-auto">
        {rows === null && <li className="p-4 text-center text-xs text-ink-mute">加载中…</li>}
        {rows?.length === 0 && (
          <li className="p-6 text-center text-xs text-ink-mute">暂无数据，送出第一份礼物登上榜首吧</li>
        )}
        {rows?.map((r) => (
          <li key={r.userId} className="flex items-center gap-2 px-3 py-1.5 text-sm">
            <span className={`w-5 text-center font-bold ${r.rank <= 3 ? 'text-accent' : 'text-ink-mute'}`}>
              {r.rank}
            </span>
            <img
              src={r.portrait || '/avatar-default.svg'}
              alt=""
              width={24}
              height={24}
              className="h-6 w-6 rounded-full"
            />
            <span className="min-w-0 flex-1 truncate">{r.nickName}</span>
            <span className="text-xs tabular-nums text-accent">{formatCount(r.amount)}钻</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
