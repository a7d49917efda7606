/** How often the app asks the media server whether it is up (more often while it is down). */
export const MEDIA_PROBE_MS = 10_000;
const DOWN_PROBE_MS = 2_000;

/**
 * Whether the media server answers (its /healthz), asked every MEDIA_PROBE_MS on each instance.
 * Rooms say so when it does not (直播服务暂时不可用); nothing else waits on it.
 */
export function createMediaHealth(server: string | null) {
  let down = false;
  async function probe() {
    if (!server) return;
    down = !(await fetch(`${server}/healthz`, { signal: AbortSignal.timeout(3_000) }).then(
      (r) => r.ok,
      () => false,
    ));
  }
  return {
    /** True when a media server is configured and did not answer the last probe. */
    down: () => down,
    probe,
    /** Starts probing; returns the stop. */
    start() {
      if (!server) return () => {};
      let timer: ReturnType<typeof setTimeout>;
      const loop = () =>
        void probe().finally(() => {
          timer = setTimeout(loop, down ? DOWN_PROBE_MS : MEDIA_PROBE_MS);
          timer.unref();
        });
      loop();
      return () => clearTimeout(timer);
    },
  };
}

export type MediaHealth = ReturnType<typeof createMediaHealth>;
