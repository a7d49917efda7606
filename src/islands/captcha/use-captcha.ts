import { useCallback, useEffect, useRef, useState } from 'react';
import { REP_LIMIT, REP_OK, type CaptchaData, type CaptchaType } from '../../lib/captcha.ts';
import { fetchCaptcha } from './captcha-api.ts';

/**
 * Loads a captcha and reloads it on demand. A get answered with a repCode other than '0000'
 * shows its repMsg as `notice`; '6201' (too many gets) also clears the images (spec §8).
 */
export function useCaptcha(type: CaptchaType) {
  const [data, setData] = useState<CaptchaData | null>(null);
  const [notice, setNotice] = useState('');
  const [loading, setLoading] = useState(true);
  const live = useRef(true);

  const refresh = useCallback(async () => {
    setLoading(true);
    const r = await fetchCaptcha(type);
    if (!live.current) return;
    setLoading(false);
    if (r.repCode === REP_OK && r.repData) {
      setData(r.repData);
      setNotice('');
      return;
    }
    if (r.repCode === REP_LIMIT) setData(null);
    setNotice(r.repMsg);
  }, [type]);

  useEffect(() => {
    live.current = true;
    void refresh();
    return () => {
      live.current = false;
    };
  }, [refresh]);

  return { data, notice, loading, refresh };
}

/** setTimeout that is cancelled when the component goes away. */
export function useLater() {
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  return useCallback((ms: number, fn: () => void) => {
    timers.current.push(setTimeout(fn, ms));
  }, []);
}
