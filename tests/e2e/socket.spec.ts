import { expect, test } from '@playwright/test';

/** The realtime hub as a browser meets it: token, connect, 10014, heartbeat, a public channel. */
test('the socket connects, authenticates, answers the heartbeat and joins a public channel', async ({
  page,
}) => {
  await page.goto('/');
  const frames = await page.evaluate(async () => {
    const res = await fetch('/svc/imapi/websocket', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const { code, data } = await res.json();
    if (code !== 200) return [`imapi ${code}`];
    const { protocol, host, port } = data.lotteryAddress[0];
    const ws = new WebSocket(`${protocol}://${host}:${port}/ws?token=${encodeURIComponent(data.token)}`);
    const seen: string[] = [];
    return new Promise<string[]>((resolve) => {
      const done = () => {
        ws.close();
        resolve(seen);
      };
      setTimeout(done, 5000);
      ws.onopen = () => ws.send(JSON.stringify({ code: 10014, data: { accessToken: '' } }));
      ws.onmessage = (e) => {
        seen.push(String(e.data));
        const msg = String(e.data);
        if (msg.includes('"code":10015')) ws.send('0');
        if (msg === '1') ws.send(JSON.stringify({ code: 10020, data: { channel: 'scores:football' } }));
        if (msg.includes('"code":10021')) done();
      };
    });
  });
  expect(frames[0]).toContain('"code":10015');
  expect(frames).toContain('1');
  expect(frames.at(-1)).toContain('scores:football');
});
