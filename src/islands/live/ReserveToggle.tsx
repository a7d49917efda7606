import { useState } from 'react';
import { api, failureText } from '../../lib/api/index.ts';

/** 取消预约 / 预约 of one match (POST /api/match/reserve of the sports engine). */
export default function ReserveToggle({ matchId }: { matchId: number }) {
  const [reserved, setReserved] = useState(true);
  const [note, setNote] = useState<string | null>(null);
  async function toggle() {
    try {
      const { data } = await api.post<{ reserved: boolean }>('/api/match/reserve', {
        matchId,
        operateType: reserved ? 0 : 1,
      });
      setReserved(data.reserved);
      setNote(null);
    } catch (err) {
      setNote(failureText(err));
    }
  }
  return (
    <span className="flex items-center gap-1">
      <button type="button" onClick={() => void toggle()} className="btn-ghost !py-0.5 text-xs">
        {reserved ? '取消预约' : '预约'}
      </button>
      {note && (
        <span role="alert" className="text-xs text-[#d6336c]">
          {note}
        </span>
      )}
    </span>
  );
}
