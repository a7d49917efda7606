import { useState } from 'react';
import { api, failureText } from '../../lib/api/index.ts';
import { chinaTime } from '../../lib/wallet.ts';
import { MSG } from '../../lib/messages.ts';

export interface Push {
  server: string;
  streamKey: string;
  url: string;
  expiresAt: string;
}

/** The OBS settings: push server and stream key (hidden until asked), copy buttons, and a reset. */
export default function StreamKey({
  push,
  demo,
  onReset,
}: {
  push: Push;
  demo: boolean;
  onReset(push: Push): void;
}) {
  const [shown, setShown] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setNote(`${what}已复制`);
    } catch {
      setNote(MSG.copyFailed);
    }
  };

  async function reset() {
    if (!confirm('重置后旧推流码立即失效，正在推流的 OBS 需要换成新推流码。确定重置？')) return;
    try {
      const { data } = await api.post<Push>('/api/room/resetKey');
      onReset(data);
      setShown(true);
      setNote(MSG.streamKeyReset);
    } catch (err) {
      setNote(failureText(err, MSG.resetFailed));
    }
  }

  return (
    <section className="card flex flex-col gap-3 p-4" aria-label="推流信息">
      <h2 className="section-title">推流信息（OBS）</h2>
      {demo && (
        <p className="rounded bg-accent-light px-2 py-1 text-xs text-accent">
          演示环境：未配置流媒体服务器，观众看到的是内置演示流。运行 npm run media 并为本站设置
          MEDIA_SERVER（见 docs/streaming.md）后推流才会出现在直播间。
        </p>
      )}
      <div className="grid gap-1 text-sm sm:grid-cols-[88px_1fr_auto] sm:items-center">
        <span className="text-ink-soft">推流地址</span>
        <code className="break-all rounded bg-page px-2 py-1" data-push-server>
          {push.server}
        </code>
        <button
          type="button"
          className="btn-ghost !py-1 text-xs"
          onClick={() => void copy(push.server, '推流地址')}
        >
          复制
        </button>
        <span className="text-ink-soft">推流码</span>
        <code className="break-all rounded bg-page px-2 py-1" data-stream-key>
          {shown ? push.streamKey : '••••••••••••••••'}
        </code>
        <span className="flex gap-1">
          <button type="button" className="btn-ghost !py-1 text-xs" onClick={() => setShown(!shown)}>
            {shown ? '隐藏' : '显示'}
          </button>
          <button
            type="button"
            className="btn-ghost !py-1 text-xs"
            onClick={() => void copy(push.streamKey, '推流码')}
          >
            复制
          </button>
        </span>
      </div>
      <p className="text-xs text-ink-mute">
        推流码有效期至 {chinaTime(push.expiresAt)}，过期后刷新本页获取新的推流码。
        <a href="/live/manual" className="text-brand underline">
          OBS 开播教程
        </a>
      </p>
      <div className="flex items-center gap-3">
        <button type="button" className="btn-ghost !text-[#d6336c]" onClick={() => void reset()}>
          重置推流码
        </button>
        <p role="status" className="text-xs text-brand">
          {note}
        </p>
      </div>
    </section>
  );
}
