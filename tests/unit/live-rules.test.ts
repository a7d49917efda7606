import { describe, expect, it } from 'vitest';
import { formatHeat, formatMinutes, scoreText } from '../../src/lib/live/format.ts';
import { BARRAGE_STYLES, barrageAllowed, bubbleOf, hornPrice } from '../../src/lib/live/rules.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createMediaProvider } from '../../src/server/providers/media/index.ts';
import { splitRedPacket } from '../../src/server/services/live/split.ts';

const seeded = (seed: number) => {
  let s = seed;
  return (max: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s % max;
  };
};

describe('red packet split', () => {
  it.each([
    [100, 10, 1],
    [10, 10, 1],
    [777, 25, 1],
    [1_000_000, 100, 1],
    [101, 10, 2],
    [5, 5, 2],
  ])('splits %i into %i shares (mode %i) of at least 1 that sum to the total', (total, count, mode) => {
    for (let seed = 1; seed <= 50; seed++) {
      const shares = splitRedPacket(total, count, mode, seeded(seed));
      expect(shares).toHaveLength(count);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.min(...shares)).toBeGreaterThanOrEqual(1);
    }
  });

  it('keeps equal shares within one of each other', () => {
    const equal = splitRedPacket(101, 10, 2);
    expect(Math.max(...equal) - Math.min(...equal)).toBe(1);
    expect(new Set(splitRedPacket(100, 10, 2))).toEqual(new Set([10]));
  });

  it('refuses counts, totals and modes out of range with the reason', () => {
    expect(() => splitRedPacket(100, 0, 1)).toThrow('红包个数为1-100个');
    expect(() => splitRedPacket(100, 101, 1)).toThrow('红包个数为1-100个');
    expect(() => splitRedPacket(9, 10, 1)).toThrow('红包总额为1-1000000球钻，且每个红包至少1球钻');
    expect(() => splitRedPacket(1_000_001, 10, 1)).toThrow('红包总额');
    expect(() => splitRedPacket(100, 10, 3)).toThrow('请选择拼手气红包或普通红包');
  });
});

describe('media provider', () => {
  const config = (env: Record<string, string> = {}) => loadConfig(env).media;

  it('plays the bundled demo stream when no media server is configured', () => {
    const media = createMediaProvider(config(), 'x'.repeat(64));
    expect(media.demo).toBe(true);
    expect(media.pull('r1_abc', 5)).toEqual([{ name: '演示线路', url: '/media/demo/master.m3u8' }]);
    expect(media.replay('r1_abc')).toBe('/media/demo/master.m3u8');
  });

  it('signs push and pull URLs with an auth_key that verifies until it expires', () => {
    const media = createMediaProvider(
      config({
        MEDIA_PULL_BASES: '主线路|https://a.example.com/live,https://b.example.com/live',
        MEDIA_AUTH_KEY: 'k'.repeat(32),
        MEDIA_AUTH_TTL: '600',
      }),
      'x'.repeat(64),
    );
    const now = Date.UTC(2025, 0, 1);
    const lines = media.pull('r7_x', 9, now);
    expect(lines.map((l) => l.name)).toEqual(['主线路', '线路2']);
    const url = new URL(lines[0].url);
    expect(url.pathname).toBe('/live/r7_x.m3u8');
    const key = url.searchParams.get('auth_key')!;
    expect(key).toMatch(new RegExp(`^${now / 1000 + 600}-[0-9a-f]{16}-9-[0-9a-f]{32}$`));
    expect(media.verify('/live/r7_x.m3u8', key, now)).toBe(true);
    expect(media.verify('/live/r8_x.m3u8', key, now)).toBe(false);
    expect(media.verify('/live/r7_x.m3u8', key, now + 601_000)).toBe(false);
    const push = media.push('r7_x', 9, now);
    expect(push.server).toBe('rtmp://127.0.0.1:1935/live');
    expect(media.verify('/live/r7_x', push.streamKey.split('auth_key=')[1], now)).toBe(true);
  });

  it('refuses a pull line that is not an http(s) URL, naming the variable', () => {
    expect(() => loadConfig({ MEDIA_PULL_BASES: 'ftp://x' })).toThrow(/MEDIA_PULL_BASES/);
    expect(() => loadConfig({ MEDIA_PUSH_BASE: 'http://x' })).toThrow(/MEDIA_PUSH_BASE/);
  });
});

describe('room rules and formats', () => {
  it('gives the better bubble of level and nobility', () => {
    expect(bubbleOf(0)).toBe(0);
    expect(bubbleOf(5)).toBe(3);
    expect(bubbleOf(1, 4)).toBe(4);
  });

  it('unlocks barrage colours by level or nobility', () => {
    const [white, green, , purple, gold] = BARRAGE_STYLES;
    expect(barrageAllowed(white, 1, 0)).toBe(true);
    expect(barrageAllowed(white, 0, 0)).toBe(false);
    expect(barrageAllowed(green, 3, 0)).toBe(false);
    expect(barrageAllowed(green, 4, 0)).toBe(true);
    expect(barrageAllowed(purple, 8, 0)).toBe(false);
    expect(barrageAllowed(purple, 0, 1)).toBe(true);
    expect(barrageAllowed(gold, 0, 3)).toBe(false);
  });

  it('prices horns lower from Lv7', () => {
    expect(hornPrice(6)).toBe(100);
    expect(hornPrice(7)).toBe(90);
  });

  it('formats heat, durations and scores the way the room shows them', () => {
    expect(formatHeat(980)).toBe('980');
    expect(formatHeat(12_860)).toBe('1.3万');
    expect(formatHeat(20_000)).toBe('2万');
    expect(formatMinutes(40)).toBe('40分钟');
    expect(formatMinutes(95)).toBe('1小时35分');
    expect(formatMinutes(120)).toBe('2小时');
    expect(scoreText({ homeScore: null, awayScore: null, phase: 'scheduled' })).toBe('vs');
    expect(scoreText({ homeScore: 2, awayScore: 1, phase: 'playing' })).toBe('2 - 1');
  });
});
