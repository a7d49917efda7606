import { useEffect, useState } from 'react';
import { api } from '../../lib/api/index.ts';
import { NICK_NAME, nickNameError } from '../../lib/validation.ts';
import Field from './Field.tsx';
import { MSG } from '../../lib/messages.ts';

interface Props {
  value: string;
  onChange(v: string): void;
  /** The caller's own current name counts as available. */
  current?: string;
  onAvailability?(available: boolean | null): void;
}

/** A nickname input that checks availability (GET /user/check/nick-name) as the user pauses. */
export default function NickField({ value, onChange, current, onAvailability }: Props) {
  const [state, setState] = useState<{ text: string; ok: boolean } | null>(null);

  useEffect(() => {
    const name = value.trim();
    if (!name || name === current) {
      setState(null);
      onAvailability?.(name === current ? true : null);
      return;
    }
    const problem = nickNameError(name);
    if (problem) {
      setState({ text: problem, ok: false });
      onAvailability?.(false);
      return;
    }
    const t = setTimeout(async () => {
      try {
        const { data } = await api.get<{ available: boolean }>('/user/check/nick-name', { nickName: name });
        setState(data.available ? { text: MSG.nickFree, ok: true } : { text: MSG.nickInUse, ok: false });
        onAvailability?.(data.available);
      } catch {
        setState(null);
        onAvailability?.(null);
      }
    }, 400);
    return () => clearTimeout(t);
  }, [value, current]);

  return (
    <div>
      <Field
        label="昵称"
        placeholder={`昵称（${NICK_NAME.min}-${NICK_NAME.max}个字）`}
        maxLength={NICK_NAME.max}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {state && <p className={`mt-1 text-xs ${state.ok ? 'text-brand' : 'text-[#d6336c]'}`}>{state.text}</p>}
    </div>
  );
}
