// npm run bench -- --cluster 3: the same content page and /healthz through nginx with 1 and with
// N instances (the ratio shows how it scales on this box), and a chat fan-out to 3,000 sockets spread
// over the N instances by nginx. Needs nginx, PostgreSQL and Redis (TEST_DATABASE_URL / TEST_REDIS_URL
// or the local defaults). Settings: BENCH_DURATION (s, 10), BENCH_CONNECTIONS (20),
// BENCH_CLUSTER_SOCKETS (3000), BENCH_CLUSTER_MESSAGES (20).
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { CHANNEL, WS_CODE } from '../../src/lib/realtime/codes.ts';
import { publish } from '../../src/server/realtime/publish.ts';
import { createRedisPubSub } from '../../src/server/realtime/pubsub.ts';
import { loopbackClient, openSocket, svc, type ClientSocket } from '../cluster/client.ts';
import { REDIS_URL, startClusterBench, type ClusterBench } from '../cluster/setup.ts';
import { percentile } from './stats.ts';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const duration = num('BENCH_DURATION', 10);
const connections = num('BENCH_CONNECTIONS', 20);
const sockets = num('BENCH_CLUSTER_SOCKETS', 3000);
const messages = num('BENCH_CLUSTER_MESSAGES', 20);
// Every request comes from this one machine, so through nginx it is one client address; /svc calls
// are limited per address, hence /healthz as the small answer (the app, not the database).
const PATHS = ['/about/10001', '/healthz'];

async function rate(base: string, path: string): Promise<number> {
  const r = await autocannon({
    url: base + path,
    connections,
    duration,
  });
  return r.requests.average;
}

/** Publishes `messages` chat frames on one room through Redis; every socket should get each. */
async function chatFanOut(b: ClusterBench, prefix: string) {
  const room = (
    await svc(b.cluster.url, 'GET', '/api/room/page', { body: { roomType: 1, page: 1, pageSize: 1 } })
  ).data.list[0];
  const roomId: number = room.roomId ?? room.id;
  const open: ClientSocket[] = [];
  for (let i = 0; i < sockets; i += 100) {
    open.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(100, sockets - i) }, () =>
          openSocket(b.cluster.url, `room:${roomId}`, undefined, loopbackClient()),
        ),
      )),
    );
  }
  const latencies: number[] = [];
  for (const s of open) {
    s.ws.on('message', (raw) => {
      const text = raw.toString();
      if (text.includes('"bench":true'))
        latencies.push(performance.now() - (JSON.parse(text).data.payload.t as number));
    });
  }
  const beat = setInterval(
    () => open.forEach((s) => s.ws.readyState === s.ws.OPEN && s.ws.send('0')),
    10_000,
  );
  const pubsub = await createRedisPubSub(REDIS_URL, prefix);
  for (let seq = 0; seq < messages; seq++) {
    await publish(pubsub, CHANNEL.room(roomId), WS_CODE.chatMessage, {
      bench: true,
      seq,
      t: performance.now(),
    } as never);
    await new Promise((r) => setTimeout(r, 250));
  }
  for (let last = -1; latencies.length < sockets * messages && latencies.length !== last;) {
    last = latencies.length;
    await new Promise((r) => setTimeout(r, 3_000));
  }
  clearInterval(beat);
  open.forEach((s) => s.ws.close());
  await pubsub.close();
  const sorted = latencies.sort((x, y) => x - y);
  return {
    delivered: latencies.length,
    expected: sockets * messages,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
  };
}

export async function clusterBench(instances: number): Promise<void> {
  const rates = new Map<string, number[]>();
  let fan: Awaited<ReturnType<typeof chatFanOut>> | null = null;
  for (const n of [1, instances]) {
    console.log(`cluster of ${n} behind nginx: starting…`);
    const b = await startClusterBench(n);
    try {
      for (const path of PATHS) {
        console.log(
          `autocannon ${path} through nginx (${n} instance(s)): ${connections} connections, ${duration} s`,
        );
        rates.set(path, [...(rates.get(path) ?? []), await rate(b.cluster.url, path)]);
      }
      if (n === instances) fan = await chatFanOut(b, b.redisPrefix);
    } finally {
      await b.close();
    }
  }
  console.log(`\nthrough nginx: 1 instance vs ${instances}`);
  for (const [path, [one, many]] of rates) {
    console.log(
      `  GET ${path}: ${one.toFixed(0)} req/s → ${many.toFixed(0)} req/s (×${(many / one).toFixed(2)})`,
    );
  }
  if (fan) {
    const f = fan;
    console.log(`chat fan-out, ${sockets} sockets over ${instances} instances × ${messages} messages:`);
    console.log(
      `  delivered ${f.delivered}/${f.expected}, p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms`,
    );
  }
  console.log(
    '(one 2-core machine runs nginx, every instance, PostgreSQL, Redis and the load: the ratio shows the overhead as much as the gain)',
  );
}
