import { useEffect, useState, type SubmitEvent } from 'react';
import { failureText } from '../../lib/api/index.ts';
import { HORN } from '../../lib/live/rules.ts';
import { newRequestKey } from '../../lib/wallet.ts';
import Dialog from './Dialog.tsx';
import { roomApi } from './room-api.ts';

/** 发喇叭: a paid line that scrolls across every live room. */
export default function HornDialog({
  roomId,
  open,
  onClose,
}: {
  roomId: number;
  open: boolean;
  onClose(): void;
}) {
  const [text, setText] = useState('');
  const [price, setPrice] = useState<number>(HORN.price);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newRequestKey);

  useEffect(() => {
    if (open)
      roomApi.hornInfo().then(
        (i) => setPrice(i.price),
        () => undefined,
      );
  }, [open]);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await roomApi.sendHorn(text.trim(), roomId, key);
      setText('');
      setKey(newRequestKey());
      setNote(null);
      onClose();
    } catch (err) {
      setNote(failureText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} title="发送全站喇叭" onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-2 text-sm">
        <p className="text-xs text-ink-mute">
          喇叭会在所有正在直播的直播间顶部滚动展示 {HORN.showMs / 1000} 秒，每条 {price} 球钻。
        </p>
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={HORN.maxLength}
          rows={2}
          aria-label="喇叭内容"
          className="rounded-md border border-line p-2"
          placeholder="想对全站球友说点什么？"
        />
        <p className="text-right text-xs text-ink-mute">
          {[...text].length}/{HORN.maxLength}
        </p>
        <p role="alert" className="min-h-4 text-xs text-[#d6336c]">
          {note}
        </p>
        <button type="submit" className="btn-primary" disabled={busy || !text.trim()}>
          发送（{price} 球钻）
        </button>
      </form>
    </Dialog>
  );
}
