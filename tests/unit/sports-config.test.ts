import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

describe('sports feed configuration', () => {
  it('defaults to the simulator at real speed, importing the seed data with the demo seed', () => {
    const c = loadConfig({});
    expect(c.sports).toEqual({
      feed: 'simulator',
      seedData: true,
      simSeed: 'qiuyouquan',
      simSpeed: 1,
      simStart: null,
      simControl: false,
    });
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).sports.seedData).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }).sports.seedData).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0', SEED_SPORTS: '1' }).sports.seedData).toBe(true);
  });

  it('reads SPORTS_FEED, SIM_SEED, SIM_SPEED and SIM_START', () => {
    expect(loadConfig({ SPORTS_FEED: 'import', SIM_SEED: 'abc', SIM_SPEED: '60' }).sports).toMatchObject({
      feed: 'import',
      simSeed: 'abc',
      simSpeed: 60,
    });
    expect(loadConfig({ SIM_START: '2026-11-28T22:55:00+08:00' }).sports.simStart).toBe(
      Date.parse('2026-11-28T14:55:00Z'),
    );
  });

  it('names the variable when a value is wrong', () => {
    expect(() => loadConfig({ SIM_SPEED: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ SIM_SPEED: 'fast' })).toThrow(/SIM_SPEED/);
    expect(() => loadConfig({ SPORTS_FEED: 'live' })).toThrow(/SPORTS_FEED/);
    expect(() => loadConfig({ SIM_START: 'saturday' })).toThrow(/SIM_START/);
  });
});
