import { useEffect, useState } from 'react';

/**
 * False in the server's HTML and until the island has hydrated, then true. A button whose handler
 * only exists once hydrated is rendered disabled until then, so an early click (a slow phone, a busy
 * machine) is not swallowed by a button that looks ready and does nothing.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
