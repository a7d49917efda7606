import { useCallback, useEffect, useState } from 'react';

/** Spec §9: the code button counts down 60 s after a code is sent. */
export const CODE_COUNTDOWN_S = 60;

export function useCountdown(seconds = CODE_COUNTDOWN_S) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  const start = useCallback(() => setLeft(seconds), [seconds]);
  const reset = useCallback(() => setLeft(0), []);
  return { left, running: left > 0, start, reset };
}
