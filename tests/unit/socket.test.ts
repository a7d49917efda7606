import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { Envelope } from '../../src/lib/api/envelope.ts';
import type { SocketDeps, SocketLike } from '../../src/stores/socket.ts';

type Store = typeof import('../../src/stores/socket.ts');

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readonly url: string;
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  // driven by the tests, as the network would
  open() {
    this.readyState = 1;
    this.onopen?.(undefined as never);
  }
  receive(data: string) {
    this.onmessage?.({ data });
  }
  fail(kind: 'close' | 'error' | 'both') {
    this.readyState = 3;
    if (kind !== 'close') this.onerror?.(undefined as never);
    if (kind !== 'error') this.onclose?.(undefined as never);
  }
  frames() {
    return this.sent.map((s) => (s === '0' ? s : JSON.parse(s)));
  }
}

const INFO = { token: 'ws-tok', lotteryAddress: [{ protocol: 'ws', host: 'h.test', port: 8080 }] };
const okInfo = async (): Promise<Envelope<typeof INFO | null>> => ({ code: 200, msg: 'success', data: INFO });

let store: Store;
let token: string | null;
let post: Mock<SocketDeps['requestInfo']>;
let deps: SocketDeps;
const last = () => FakeSocket.all.at(-1)!;

/** Connects and lets the connection-info call answer. */
async function connect() {
  store.connectSocket(deps);
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  store = await import('../../src/stores/socket.ts');
  FakeSocket.all = [];
  token = 'user-tok';
  post = vi.fn(okInfo);
  deps = { getToken: () => token, requestInfo: post, WebSocket: FakeSocket };
});

afterEach(() => {
  store.closeSocket();
  vi.useRealTimers();
});

describe('connection', () => {
  it('fetches the connection info and opens the socket only when logged in', async () => {
    token = null;
    await connect();
    expect(post).not.toHaveBeenCalled();
    expect(FakeSocket.all).toHaveLength(0);

    token = 'user-tok';
    await connect();
    expect(post).toHaveBeenCalledWith('user-tok');
    expect(last().url).toBe('ws://h.test:8080/ws?token=ws-tok');
    expect(store.$socketStatus.get()).toBe('connecting');
  });

  it('closes when the user is no longer logged in', async () => {
    await connect();
    last().open();
    token = null;
    store.connectSocket(deps);
    expect(last().closed).toBe(true);
    expect(store.$socketStatus.get()).toBe('closed');
  });

  it('sends 10014 with the access token on open', async () => {
    await connect();
    last().open();
    expect(store.$socketStatus.get()).toBe('open');
    expect(last().frames()).toEqual([{ code: 10014, data: { accessToken: 'user-tok' } }]);
  });

  it('retries a failed connection-info call after 5 s, silently', async () => {
    post
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce({ code: 500, msg: 'x', data: null });
    await connect();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(post).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(post).toHaveBeenCalledTimes(2); // answered with code 500: tried again
    await vi.advanceTimersByTimeAsync(5_000);
    expect(post).toHaveBeenCalledTimes(3);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('does nothing when asked to connect while connected', async () => {
    await connect();
    last().open();
    await connect();
    expect(post).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('heartbeat', () => {
  it("sends '0' exactly 10 s after the last activity, and again 10 s later", async () => {
    await connect();
    last().open();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(last().sent).not.toContain('0');
    await vi.advanceTimersByTimeAsync(1);
    expect(last().sent.at(-1)).toBe('0');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(last().sent.filter((s) => s === '0')).toHaveLength(2);
  });

  it('is pushed back by what the page sends, not by what arrives', async () => {
    await connect();
    last().open();
    await vi.advanceTimersByTimeAsync(6_000);
    store.sendSocket({ code: 1, data: {} });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(last().sent).not.toContain('0');
    await vi.advanceTimersByTimeAsync(1);
    expect(last().sent.at(-1)).toBe('0');
  });

  it('beats every 10 s in a room where a frame arrives every 2 s', async () => {
    await connect();
    last().open();
    for (let s = 2; s <= 60; s += 2) {
      await vi.advanceTimersByTimeAsync(2_000);
      last().receive(`{"code":10031,"data":{"channel":"room:1","payload":{"id":${s}}}}`);
    }
    expect(last().sent.filter((s) => s === '0')).toHaveLength(6);
  });
});

describe('reconnection', () => {
  it.each(['close', 'error', 'both'] as const)(
    'reconnects once, 5 s after %s, with the cached info',
    async (kind) => {
      await connect();
      last().open();
      last().fail(kind);
      expect(store.$socketStatus.get()).toBe('closed');
      await vi.advanceTimersByTimeAsync(4_999);
      expect(FakeSocket.all).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.all).toHaveLength(2);
      expect(post).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(20_000);
      expect(FakeSocket.all).toHaveLength(2);
    },
  );

  it('does not reconnect when already connected again', async () => {
    await connect();
    last().open();
    last().fail('close');
    store.connectSocket(deps); // e.g. the login state changed meanwhile
    last().open();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('fetches new connection info when a socket fails before opening', async () => {
    await connect();
    last().fail('close');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(post).toHaveBeenCalledTimes(2);
    expect(FakeSocket.all).toHaveLength(2);
  });
});

describe('closing', () => {
  it('clears the timers and the cached info, and never reconnects', async () => {
    await connect();
    last().open();
    store.closeSocket();
    expect(last().closed).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    await connect();
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('ignores a connection-info answer that arrives after closing', async () => {
    store.connectSocket(deps);
    store.closeSocket();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSocket.all).toHaveLength(0);
  });
});

describe('messages', () => {
  it('keeps the latest frame of the protocol and passes each one to onFrame', async () => {
    await connect();
    last().open();
    const seen: unknown[] = [];
    const stop = store.onFrame((f) => seen.push(f));
    last().receive('{"code":10031,"data":{"channel":"room:1","payload":"hi"}}');
    const frame = { code: 10031, data: { channel: 'room:1', payload: 'hi' } };
    expect(store.$lastMessage.get()).toEqual(frame);
    for (const junk of ['not json', '1', '{"code":12345,"data":{}}', '{"code":10031}', '[10031]'])
      last().receive(junk);
    expect(store.$lastMessage.get()).toEqual(frame);
    expect(seen).toEqual([frame]);
    stop();
  });

  it('sends only when connected', async () => {
    expect(store.sendSocket({ code: 1, data: {} })).toBe(false);
    await connect();
    expect(store.sendSocket({ code: 1, data: {} })).toBe(false); // still connecting
    expect(last().sent).toEqual([]);
    last().open();
    last().fail('close');
    expect(store.sendSocket({ code: 1, data: {} })).toBe(false);
  });

  it('drops a string that is not a JSON object and injects the access token', async () => {
    await connect();
    last().open();
    last().sent = [];
    expect(store.sendSocket('{oops')).toBe(false);
    expect(store.sendSocket('"text"')).toBe(false);
    expect(store.sendSocket('{"code":2,"data":{"a":1,"accessToken":"forged"}}')).toBe(true);
    expect(store.sendSocket({ code: 3 })).toBe(true);
    expect(last().frames()).toEqual([
      { code: 2, data: { a: 1, accessToken: 'user-tok' } },
      { code: 3, data: { accessToken: 'user-tok' } },
    ]);
  });
});

describe('channels', () => {
  it('subscribes, unsubscribes and subscribes again after a reconnect', async () => {
    await connect();
    store.subscribe('room:1'); // wanted before the socket opens: sent on open
    last().open();
    store.subscribe('match:7');
    store.unsubscribe('room:1');
    expect(last().frames().slice(1)).toEqual([
      { code: 10020, data: { channel: 'room:1', accessToken: 'user-tok' } },
      { code: 10020, data: { channel: 'match:7', accessToken: 'user-tok' } },
      { code: 10022, data: { channel: 'room:1', accessToken: 'user-tok' } },
    ]);
    last().fail('close');
    await vi.advanceTimersByTimeAsync(5_000);
    last().open();
    expect(last().frames()).toEqual([
      { code: 10014, data: { accessToken: 'user-tok' } },
      { code: 10020, data: { channel: 'match:7', accessToken: 'user-tok' } },
    ]);
  });
});

describe('a visitor', () => {
  it('opens a socket for public channels only, with an empty access token', async () => {
    token = null;
    store.connectSocket(deps);
    store.subscribe('user:5');
    expect(post).not.toHaveBeenCalled(); // a user channel alone does not open a visitor socket
    store.subscribe('scores:football');
    await vi.advanceTimersByTimeAsync(0);
    expect(post).toHaveBeenCalledWith(null);
    last().open();
    expect(last().frames()).toEqual([
      { code: 10014, data: { accessToken: '' } },
      { code: 10020, data: { channel: 'user:5', accessToken: '' } },
      { code: 10020, data: { channel: 'scores:football', accessToken: '' } },
    ]);
    expect(store.sendSocket({ code: 10024, data: { content: 'hi' } })).toBe(false); // chat needs a login
  });

  it('is asked for again without the token when the login is stale', async () => {
    post.mockResolvedValueOnce({ code: 401, msg: '请先登录', data: null });
    store.connectSocket(deps);
    store.subscribe('match:9');
    await vi.advanceTimersByTimeAsync(0);
    expect(post.mock.calls).toEqual([['user-tok'], [null]]);
    last().open();
    expect(last().frames()[0]).toEqual({ code: 10014, data: { accessToken: '' } });
  });

  it('reopens as the user after logging in', async () => {
    token = null;
    store.connectSocket(deps);
    store.subscribe('scores:basketball');
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    const visitorSocket = last();
    token = 'user-tok';
    await connect();
    expect(visitorSocket.closed).toBe(true);
    last().open();
    expect(last().frames()[0]).toEqual({ code: 10014, data: { accessToken: 'user-tok' } });
  });
});
