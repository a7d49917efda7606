import type { Server } from 'node:http';

/** The addresses a balancer or the tests on this machine connect from: 127.0.0.1 and ::1. */
const THIS_MACHINE = /^(?:::ffff:)?127\.0\.0\.1$|^::1$/;

/**
 * Caps the connections one peer address holds open on `server`: the next one is closed as soon as
 * it is accepted, before it costs a parser or a timer. Half-open connections trickling header bytes
 * took the process's file handles (issue #31); the headers timeout ends each one, this keeps one
 * address from holding thousands at once. Only for an app that clients reach directly: behind a
 * proxy every connection comes from the proxy, which caps per client itself (limit_conn).
 *
 * 127.0.0.1 and ::1 are not counted: a balancer on this machine without TRUST_PROXY, and the
 * e2e, Lighthouse and bench clients, all come from there.
 */
export function capConnectionsPerAddress(server: Server, perAddress: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (!address || THIS_MACHINE.test(address)) return;
    const n = open.get(address) ?? 0;
    if (n >= perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, n + 1);
    socket.once('close', () => {
      const left = open.get(address)! - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
