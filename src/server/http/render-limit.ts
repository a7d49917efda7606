/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
const LOOPBACK = /^(?:::ffff:)?127\.|^::1$/;

/**
 * Caps the page renders one client address has in progress on this instance (issue #42). A page from
 * the visitor cache costs next to nothing; a render costs tens of milliseconds of the server's thread,
 * and of PGlite, which runs on it. What must render (a new value of a parameter the page reads, a
 * logged-in fan's page, a conditional request, a page the cache may not keep) takes one of its
 * address's `perAddress` places until the render is over (whether or not its client is still there);
 * with none free it is refused at once. So however many connections one client opens, or drops, it
 * holds at most that many of the server's renders.
 *
 * A peer on this machine is not counted: without TRUST_PROXY a local balancer's address stands for
 * every visitor behind it (and the e2e, Lighthouse and bench clients are all 127.0.0.1).
 */
export function createRenderLimit(perAddress: number) {
  const running = new Map<string, number>();
  const free = () => {};
  return {
    /** Takes one of `address`'s places: the call (once) that gives it back, or null when none is left. */
    take(address: string): (() => void) | null {
      if (LOOPBACK.test(address)) return free;
      const n = running.get(address) ?? 0;
      if (n >= perAddress) return null;
      running.set(address, n + 1);
      return () => {
        const left = running.get(address)! - 1;
        if (left > 0) running.set(address, left);
        else running.delete(address);
      };
    },
  };
}
