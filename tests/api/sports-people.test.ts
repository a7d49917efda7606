import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crestUrl } from '../../src/lib/sports/crest.ts';
import { squadSourceText } from '../../src/lib/sports/squad-source.ts';
import { players, teams } from '../../src/server/db/schema/sports-core.ts';
import { createHttpServer } from '../../src/server/http/server.ts';
import { createTestContext, targets, type TestContext } from '../support/context.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Squads, names and crests after the seed import (PGlite, and PostgreSQL when configured). */
describe.each(targets())('sports people on $name', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(target, { SEED_SPORTS: '1', SPORTS_FEED: 'import', SIM_SEED: 'people-test' });
  }, 300_000);
  afterAll(() => t?.close());

  it('gives well-known footballers their authored Chinese name, the rest a transliteration', async () => {
    const byName = async (name: string) =>
      (await t.app.db.select().from(players).where(eq(players.name, name)))[0];
    expect((await byName('Mohamed Salah'))?.nameZh).toBe('萨拉赫');
    expect((await byName('Erling Håland'))?.nameZh).toBe('哈兰德');
    expect((await byName('Kane Taylor'))?.nameZh).toBe('泰勒');
  });

  it('lists a squad by line with the source spelling beside the Chinese name', async () => {
    const [liverpool] = await t.app.db.select().from(teams).where(eq(teams.name, 'Liverpool FC'));
    const squad = (await t.app.services.sports.data.squad(liverpool.id))!;
    expect(squad.groups.map((g) => g.name)).toEqual(['门将', '后卫', '中场', '前锋']);
    const salah = squad.groups.flatMap((g) => g.players).find((p) => p.nameEn === 'Mohamed Salah')!;
    expect(salah.name).toBe('萨拉赫');
    expect(squad.groups.find((g) => g.players.includes(salah))!.position).toBe('F');
  });

  it('keeps each club’s latest squad: 2023-24 lists moved on by the World Cup 2026 squads', async () => {
    const squadOf = async (club: string) => {
      const [team] = await t.app.db.select().from(teams).where(eq(teams.name, club));
      return (await t.app.services.sports.data.squad(team.id))!;
    };
    const madrid = await squadOf('Real Madrid CF');
    expect(madrid.season).toBe('2025-26');
    const names = madrid.groups.flatMap((g) => g.players.map((p) => p.nameEn));
    expect(names).toContain('Kylian Mbappé');
    // Listed at AC Milan for the World Cup 2026: he has left Madrid's squad for Milan's.
    expect(names).not.toContain('Luka Modrić');
    const [modric] = await t.app.db.select().from(players).where(eq(players.name, 'Luka Modrić'));
    const [milan] = await t.app.db.select().from(teams).where(eq(teams.id, modric.teamId!));
    const milanNames = (await squadOf(milan.name)).groups.flatMap((g) => g.players.map((p) => p.nameEn));
    expect(milanNames).toContain('Luka Modrić');
    // Not in a World Cup squad: still where the 2023-24 list has him, as far as the data knows,
    // and said so: the squad and his page name the 2023-24 list and mark it 演示数据.
    expect(names).toContain('Toni Kroos');
    expect(madrid.sources.map((s) => s.season)).toEqual(['2023-24', '2025-26']);
    expect(squadSourceText(madrid.season, madrid.sources)).toMatch(
      /^阵容资料：2023-24赛季名单 \d+人、2025-26赛季名单 \d+人（演示数据）$/,
    );
    const playerNamed = async (name: string) => {
      const [p] = await t.app.db.select().from(players).where(eq(players.name, name));
      return (await t.app.services.sports.data.player(p.id))!;
    };
    const kroos = await playerNamed('Toni Kroos');
    expect(squadSourceText(kroos.clubSource!.season, kroos.clubSource!.sources)).toBe(
      '阵容资料：2023-24赛季名单（演示数据）',
    );
    expect(kroos.squads.map((s) => [s.season, s.carriedFrom])).toEqual([
      ['2025-26', '2023-24'],
      ['2023-24', null],
    ]);
    // Listed at Madrid only by the World Cup 2026 squads: his list is the 2025-26 one.
    const mbappeSource = (await playerNamed('Kylian Mbappé')).clubSource!;
    expect(squadSourceText(mbappeSource.season, mbappeSource.sources)).toBe('阵容资料：2025-26赛季名单');
    const city = await squadOf('Manchester City FC');
    const cityNames = city.groups.flatMap((g) => g.players.map((p) => p.nameEn));
    // One man under two spellings (Håland in the club file, Haaland in the World Cup one) is listed once.
    expect(cityNames.filter((n) => /^Erling H/.test(n))).toEqual(['Erling Håland']);
    const mbappe = madrid.groups.flatMap((g) => g.players).find((p) => p.nameEn === 'Kylian Mbappé')!;
    expect(mbappe.name).toBe('姆巴佩');
    expect(madrid.groups.find((g) => g.players.includes(mbappe))!.position).toBe('F');
  });

  it('answers every crest URL with a PNG cached for a year; a stale URL is a 404', async () => {
    const all = await t.app.db
      .select({ id: teams.id, shortName: teams.shortName, color: teams.color })
      .from(teams);
    expect(all.length).toBeGreaterThan(150);
    const { server, hub } = createHttpServer(t.app, null);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const team of all) {
        const res = await fetch(base + crestUrl(team));
        expect(res.status, team.shortName).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/png');
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const body = Buffer.from(await res.arrayBuffer());
        expect(body.subarray(0, 8).equals(PNG)).toBe(true);
        expect(body.length).toBeGreaterThan(1000);
      }
      const stale = crestUrl({ ...all[0], color: '#000001' });
      expect((await fetch(base + stale)).status).toBe(404);
      expect((await fetch(`${base}/crests/999999-00000000.png`)).status).toBe(404);
    } finally {
      await hub.close(1001, 'test over');
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 300_000);
});
