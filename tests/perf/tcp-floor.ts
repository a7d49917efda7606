// The floor under the socket goals on this machine: the same fan-out with nothing of ours in it.
// One process writes a message to N plain loopback TCP sockets every interval; this process reads
// them, as the bench's WebSocket clients do. No WebSocket, no database, no pub/sub: whatever the
// site's figures add to these is ours; what these take is the machine's (run as
// `node tests/perf/tcp-floor.ts writer` by the function below).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { percentile } from './stats.ts';

export interface FloorRun {
  sockets: number;
  messages: number;
  intervalMs: number;
  /** Bytes per message (a score change is about 600, a chat message about 400). */
  bytes: number;
}

/** Milliseconds since the epoch, sub-millisecond and the same clock in both processes. */
const clock = () => performance.timeOrigin + performance.now();
const STAMP = /t=(\d+\.\d+);/g;

export async function tcpFloor(run: FloorRun): Promise<{ p50: number; p99: number }> {
  const writer = fork(fileURLToPath(import.meta.url), ['writer'], { stdio: 'inherit' });
  const [port] = (await once(writer, 'message')) as [number];
  const latencies: number[] = [];
  const sockets: net.Socket[] = [];
  for (let i = 0; i < run.sockets; i++) {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      const at = clock();
      for (const [, sent] of chunk.toString('latin1').matchAll(STAMP)) latencies.push(at - Number(sent));
    });
    sockets.push(socket);
    // Paced so the listen backlog never overflows (a dropped SYN waits a second to retry).
    if (i % 100 === 99) await new Promise((r) => setTimeout(r, 20));
  }
  writer.send(run);
  await once(writer, 'message'); // all written
  const expected = run.sockets * run.messages;
  for (let last = -1; latencies.length < expected && latencies.length !== last;) {
    last = latencies.length;
    await new Promise((r) => setTimeout(r, 1_000));
  }
  for (const socket of sockets) socket.destroy();
  writer.kill();
  const sorted = latencies.sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

async function writerProcess() {
  const accepted: net.Socket[] = [];
  const server = net.createServer((socket) => {
    socket.setNoDelay(true); // as ws sets it
    socket.on('error', () => {});
    accepted.push(socket);
  });
  server.listen(0, '127.0.0.1', () => process.send!((server.address() as net.AddressInfo).port));
  const [run] = (await once(process, 'message')) as [FloorRun];
  while (accepted.length < run.sockets) await new Promise((r) => setTimeout(r, 20));
  for (let n = 0; n < run.messages; n++) {
    const message = Buffer.from(`t=${clock().toFixed(3)};`.padEnd(run.bytes, ' '), 'latin1');
    for (const socket of accepted) socket.write(message);
    await new Promise((r) => setTimeout(r, run.intervalMs));
  }
  process.send!('written');
}

if (process.argv[2] === 'writer') await writerProcess();
