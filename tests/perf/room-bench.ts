// The live-room part of `npm run bench`: one room, many viewer sockets, chat sent through the real
// path (POST /svc/api/chat/msg → database → pub/sub → hub → every socket). Measures what arrives,
// the latency from send to arrival, and the server's memory per connection. Asserts nothing.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { aesEncrypt } from '../../src/lib/captcha-crypto.ts';
import { CHANNEL, WS_CODE } from '../../src/lib/realtime/codes.ts';
import { testSmsCode } from '../../src/server/services/accounts/sms-test-code.ts';
import { answerFor } from '../../src/server/services/captcha/plan.ts';
import { benchSocket, frameText } from './bench-socket.ts';
import { percentile, randomIp } from './stats.ts';

export interface RoomBenchOptions {
  clients: number;
  /** Chat messages per second, all senders together. */
  rate: number;
  seconds: number;
  /** CAPTCHA_TEST_SEED and SMS_TEST_SEED of the server (startServer sets both to 'e2e-seed'). */
  seed: string;
}

/** Each sender stays under the chat limit of 5 messages in 10 s. */
const PER_SENDER_PER_SECOND = 0.4;
/** The goal for a room of 2,000 sockets at 20 messages a second. */
const ROOM_GOAL_P99_MS = 60;
const BENCH_CONTENT = /"content":"bench (\d+\.\d+)"/;
const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

async function call(
  url: string,
  path: string,
  init: { method?: string; form?: Record<string, string>; json?: unknown; token?: string; ip: string },
) {
  const headers: Record<string, string> = { 'x-forwarded-for': init.ip };
  if (init.token) headers.accessToken = init.token;
  let body: string | undefined;
  if (init.json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const res = await fetch(url + path, { method: init.method ?? 'POST', headers, body });
  return (await res.json()) as { code?: number; data?: any; repData?: any };
}

/** A new account logged in by SMS code, through the captcha, as a browser would. */
async function newSender(url: string, seed: string, n: number): Promise<string> {
  const ip = randomIp();
  const mobile = `1390${String(Date.now() % 1e4).padStart(4, '0')}${String(n).padStart(3, '0')}`;
  const got = await call(url, '/svc/inform/captcha/get', { json: { captchaType: 'clickWord' }, ip });
  const { token, secretKey } = got.repData;
  const pointJson = aesEncrypt(JSON.stringify(answerFor(seed, token).points), secretKey);
  const checked = await call(url, '/svc/inform/captcha/check', {
    json: { captchaType: 'clickWord', token, pointJson },
    ip,
  });
  await call(url, '/svc/inform/send/sms', {
    form: { mobile, type: '3', captchaVerification: checked.repData.captchaVerification },
    ip,
  });
  const login = await call(url, '/svc/user/login', {
    form: {
      mobile,
      mode: '1',
      channelId: '3',
      platform: '1',
      loginType: '1',
      auto: '1',
      verifyCode: testSmsCode(seed, mobile, 3),
    },
    ip,
  });
  if (login.code !== 200) throw new Error(`bench sender login failed: ${JSON.stringify(login)}`);
  return login.data.token as string;
}

async function visitorToken(url: string): Promise<string> {
  return (await call(url, '/svc/imapi/websocket', { json: {}, ip: randomIp() })).data.token;
}

/** Runs the room bench; returns the table row and notes. */
export async function roomBench(url: string, pid: number, o: RoomBenchOptions) {
  const room = (
    await call(url, '/svc/api/room/page?roomType=1&pageSize=1', { method: 'GET', ip: randomIp() })
  ).data.list[0].id as number;
  const channel = CHANNEL.room(room);
  const latencies: number[] = [];
  console.log(`room bench: ${o.clients} sockets in ${channel}, ${o.rate} chat/s for ${o.seconds} s`);

  const rssBefore = rssKb(pid);
  const sockets: WebSocket[] = [];
  for (let i = 0; i < o.clients; i += 100) {
    // Each socket its own token and address: the hub caps sockets per token and per address.
    const tokens = await Promise.all(
      Array.from({ length: Math.min(100, o.clients - i) }, () => visitorToken(url)),
    );
    const batch = tokens.map(async (token) => {
      const ws = benchSocket(url, token);
      let joined!: () => void;
      const ready = new Promise<void>((resolve) => (joined = resolve));
      // 40 000 frames a second reach this one process: read the send time with a regex, no JSON.parse.
      ws.on('message', (raw) => {
        const text = frameText(raw);
        const sent = BENCH_CONTENT.exec(text)?.[1];
        if (sent) latencies.push(performance.now() - Number(sent));
        else if (text.includes(`"code":${WS_CODE.subscribed}`)) joined();
      });
      await once(ws, 'open');
      ws.send(JSON.stringify({ code: WS_CODE.auth, data: { accessToken: '' } }));
      ws.send(JSON.stringify({ code: WS_CODE.subscribe, data: { channel } }));
      await ready;
      return ws;
    });
    sockets.push(...(await Promise.all(batch)));
  }
  const rssAfter = rssKb(pid);
  const beat = setInterval(
    () => sockets.forEach((ws) => ws.readyState === WebSocket.OPEN && ws.send('0')),
    10_000,
  );

  const senders = await Promise.all(
    Array.from({ length: Math.ceil(o.rate / PER_SENDER_PER_SECOND) }, (_, n) => newSender(url, o.seed, n)),
  );
  const total = o.rate * o.seconds;
  let sent = 0;
  let refused = 0;
  const started = performance.now();
  const sends: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / o.rate;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    const token = senders[i % senders.length];
    const content = `bench ${performance.now().toFixed(3)}`;
    sends.push(
      call(url, '/svc/api/chat/msg', {
        form: { roomId: String(room), content, platform: '1' },
        token,
        ip: randomIp(),
      }).then((r) => {
        if (r.code === 200) sent++;
        else refused++;
      }),
    );
  }
  await Promise.all(sends);
  const expected = sent * o.clients;
  for (let last = -1; latencies.length < expected && latencies.length !== last;) {
    last = latencies.length;
    await new Promise((r) => setTimeout(r, 3_000));
  }
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(beat);
  sockets.forEach((ws) => ws.close());

  const sorted = latencies.sort((a, b) => a - b);
  const perConnKb = (rssAfter - rssBefore) / o.clients;
  return {
    row: [
      `room ${o.clients} sockets, ${o.rate} chat/s × ${o.seconds} s`,
      `${(latencies.length / elapsed).toFixed(0)} deliveries/s`,
      `${percentile(sorted, 0.5).toFixed(1)} ms`,
      `${percentile(sorted, 0.99).toFixed(1)} ms`,
      `${latencies.length}/${expected}`,
      String(expected - latencies.length + refused * o.clients),
    ] as [string, string, string, string, string, string],
    notes: [
      `room of ${o.clients} sockets at ${o.rate} chat/s: p99 ${percentile(sorted, 0.99).toFixed(1)} ms, ${expected - latencies.length} lost (goal: p99 < ${ROOM_GOAL_P99_MS} ms, none lost) ${percentile(sorted, 0.99) < ROOM_GOAL_P99_MS && latencies.length === expected ? 'met' : 'NOT met'}`,
      `room bench: ${sent} messages sent, ${refused} refused; server RSS ${(rssBefore / 1024).toFixed(0)} → ${(rssAfter / 1024).toFixed(0)} MB for ${o.clients} sockets ≈ ${perConnKb.toFixed(1)} KB per connection.`,
    ],
  };
}
