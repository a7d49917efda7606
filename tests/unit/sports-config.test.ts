import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

describe('sports feed configuration', () => {
  it('defaults to the simulator at real speed, importing the seed data with the demo seed', () => {
    const c = loadConfig({});
    expect(c.sports).toEqual({ feed: 'simulator', seedData: true, simSeed: 'qiuyouquan', simSpeed: 1 });
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).sports.seedData).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }).sports.seedData).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0', SEED_SPORTS: '1' }).sports.seedData).toBe(true);
  });

  it('reads SPORTS_FEED, SIM_SEED and SIM_SPEED', () => {
    expect(loadConfig({ SPORTS_FEED: 'import', SIM_SEED: 'abc', SIM_SPEED: '60' }).sports).toMatchObject({
      feed: 'import',
      simSeed: 'abc',
      simSpeed: 60,
    });
  });

  it('names the variable when a value is wrong', () => {
    expect(() => loadConfig({ SIM_SPEED: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ SIM_SPEED: 'fast' })).toThrow(/SIM_SPEED/);
    expect(() => loadConfig({ SPORTS_FEED: 'live' })).toThrow(/SPORTS_FEED/);
  });
});
