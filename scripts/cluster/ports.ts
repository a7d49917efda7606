import { createServer } from 'node:net';

/** A port the OS says is free right now (the caller binds it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 2xx, `alive()` turns false, or the deadline passes. */
export async function waitReady(
  url: string,
  timeoutMs: number,
  alive: () => boolean = () => true,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (alive() && Date.now() < deadline) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(3_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}
