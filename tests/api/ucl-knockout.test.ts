import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FB } from '../../src/lib/vocab/match-states.ts';
import { competitions, rounds, seasons, stages, teams } from '../../src/server/db/schema/sports-core.ts';
import { matches } from '../../src/server/db/schema/sports-match.ts';
import { writePreview } from '../../src/server/services/news/writers/preview.ts';
import { writeReport } from '../../src/server/services/news/writers/report.ts';
import { targets } from '../support/context.ts';
import { createSportsBench, type SportsBench } from '../support/sports.ts';

/**
 * Issue #32 item 5: the Champions League goes on after its league phase. The table sends 9th–24th
 * into two-legged play-offs and 1st–8th to the round of 16, where the play-offs' winners join them.
 * One bench starts between the play-offs' legs (the first legs backfilled, the second played by
 * their plans); another starts in late April, as a fresh install would, with every earlier round
 * backfilled.
 */
const BETWEEN_LEGS = Date.parse('2027-02-23T12:00:00+08:00');
const APRIL = Date.parse('2027-04-22T12:00:00+08:00');
const SEASON = '2026-27';

type Row = Awaited<ReturnType<typeof uclMatches>>[number];

async function uclMatches(b: SportsBench) {
  const home = alias(teams, 'home');
  const away = alias(teams, 'away');
  return b.app.db
    .select({
      id: matches.id,
      round: rounds.number,
      roundZh: rounds.nameZh,
      stage: stages.kind,
      home: home.id,
      away: away.id,
      homeName: home.nameZh,
      awayName: away.nameZh,
      state: matches.state,
      hs: matches.homeScore,
      as: matches.awayScore,
      ftHome: matches.ftHome,
      ftAway: matches.ftAway,
      etHome: matches.etHome,
      pkHome: matches.pkHome,
      pkAway: matches.pkAway,
      kickoffAt: matches.kickoffAt,
    })
    .from(matches)
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .innerJoin(stages, eq(stages.id, matches.stageId))
    .innerJoin(rounds, eq(rounds.id, matches.roundId))
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .where(and(eq(competitions.key, 'uefa.cl'), eq(seasons.name, SEASON), eq(matches.origin, 'sim')));
}

/** The league-phase places by team id, as the site's standings show them. */
async function places(b: SportsBench): Promise<Map<number, number>> {
  const [season] = await b.app.db
    .select({ id: seasons.id })
    .from(seasons)
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(and(eq(competitions.key, 'uefa.cl'), eq(seasons.name, SEASON)));
  const rows = (await b.get(`/live/season/${season.id}/standings`)).data.groups[0].rows;
  expect(rows).toHaveLength(36);
  return new Map(rows.map((r: any, i: number) => [r.team.id, i + 1]));
}

const inRound = (list: Row[], n: number) => list.filter((m) => m.round === n);
/** Each tie of a two-legged round: [first leg, second leg], the same clubs the other way round. */
const ties = (list: Row[], first: number) =>
  inRound(list, first).map((a) => {
    const b = inRound(list, first + 1).find((x) => x.home === a.away && x.away === a.home);
    return [a, b] as [Row, Row | undefined];
  });

/** Who went through: aggregate (no away goals), extra time in the second leg, then its shoot-out. */
function winnerOf([first, second]: [Row, Row]): number {
  const home = first.as! + second.hs!;
  const away = first.hs! + second.as!;
  // Extra time only when level on aggregate after 90 minutes.
  expect(second.etHome !== null, `${second.id}`).toBe(
    first.as! + second.ftHome! === first.hs! + second.ftAway!,
  );
  if (home !== away) {
    expect(second.pkHome).toBeNull();
    return home > away ? second.home : second.away;
  }
  expect(second.pkHome).not.toBeNull();
  expect(second.pkHome).not.toBe(second.pkAway);
  return second.pkHome! > second.pkAway! ? second.home : second.away;
}

/** The play-off bracket a place belongs to: 9/10 with 23/24 (0) … 15/16 with 17/18 (3). */
const bracket = (p: number) => (p <= 16 ? Math.floor((p - 9) / 2) : Math.floor((24 - p) / 2));

describe.each(targets())('the Champions League knockout phase on $name', (target) => {
  describe('from the league phase into the round of 16', () => {
    let b: SportsBench;
    let place: Map<number, number>;
    beforeAll(async () => {
      b = await createSportsBench(target, { start: BETWEEN_LEGS });
      place = await places(b);
    }, 600_000);
    afterAll(() => b?.close());

    it('lays out the play-offs from the table: 9/10 v 23/24 … 15/16 v 17/18, the seeded club at home second', async () => {
      const list = await uclMatches(b);
      const league = list.filter((m) => m.stage === 'league');
      expect(league).toHaveLength(144);
      for (const m of league) expect([FB.fullTime, FB.postponed]).toContain(m.state);
      const playoffs = ties(list, 9);
      expect(playoffs).toHaveLength(8);
      const seeded = new Set<number>();
      for (const [first, second] of playoffs) {
        expect(second, `tie ${first.id}`).toBeDefined();
        const [s, u] = [place.get(second!.home)!, place.get(second!.away)!];
        expect(s).toBeGreaterThanOrEqual(9);
        expect(s).toBeLessThanOrEqual(16);
        expect(bracket(u), `${s} v ${u}`).toBe(bracket(s));
        expect(u).toBeGreaterThanOrEqual(17);
        seeded.add(s);
        expect([first.stage, first.roundZh, second!.roundZh]).toEqual([
          'playoff',
          '附加赛首回合',
          '附加赛次回合',
        ]);
        // The first legs are before the window, stored as results; the second legs are to come.
        expect(first.state).toBe(FB.fullTime);
        expect(first.hs).not.toBeNull();
        expect(second!.state).toBe(FB.notStarted);
      }
      expect(seeded.size).toBe(8);
      expect(list.filter((m) => m.stage === 'knockout')).toHaveLength(0);
    });

    it('previews a second leg from its first leg’s score, which its match page has too', async () => {
      const [first, second] = ties(await uclMatches(b), 9)[0] as [Row, Row];
      const preview = (await writePreview(b.app.db, b.app.services.sports, second.id))!;
      const line = `首回合${first.homeName}${first.hs}-${first.as}${first.awayName}，`;
      expect(preview.body).toContain(line);
      expect(preview.summary.startsWith(line)).toBe(true);
      // The match page's header reads the same first leg (首回合 1-2, then 总比分 once it is over).
      const detail = await b.app.services.sports.match.detail(second.id);
      expect(detail!.firstLeg).toEqual({ id: first.id, score: [first.as, first.hs] });
      expect((await b.app.services.sports.match.detail(first.id))!.firstLeg).toBeNull();
    });

    // Nine simulated days of every competition are played on the way: minutes on a busy machine.
    it('plays the second legs to a winner and sends the winners to meet the top eight in the round of 16', async () => {
      await b.sim.syncTo(Date.parse('2027-02-26T12:00:00+08:00'));
      const playoffs = ties(await uclMatches(b), 9) as [Row, Row][];
      const winners = new Set<number>();
      for (const tie of playoffs) {
        const [, second] = tie;
        expect(second.state).toBe(FB.fullTime);
        const winner = winnerOf(tie);
        winners.add(winner);
        // The full-time line of the plan's text live gives the aggregate and who goes through.
        const lines = (await b.get(`/live/match/${second.id}/texts?limit=200`)).data;
        const name = winner === second.home ? second.homeName : second.awayName;
        expect(lines[0].text).toMatch(new RegExp(`总比分\\d+-\\d+，${name}(通过点球大战)?晋级16强。$`));
      }
      expect(winners.size).toBe(8);

      await b.sim.syncTo(Date.parse('2027-03-04T12:00:00+08:00'));
      const r16 = inRound(await uclMatches(b), 11);
      expect(r16).toHaveLength(8);
      const clubs = r16.flatMap((m) => [m.home, m.away]).sort();
      const top8 = [...place].filter(([, p]) => p <= 8).map(([id]) => id);
      expect(clubs).toEqual([...top8, ...winners].sort());
      for (const m of r16) {
        // The top-eight club plays the first leg away, against a winner of its own play-off bracket.
        const top = place.get(m.away)!;
        expect(top).toBeLessThanOrEqual(8);
        expect(winners.has(m.home)).toBe(true);
        expect(bracket(place.get(m.home)!), `${top} v ${place.get(m.home)}`).toBe(
          3 - Math.floor((top - 1) / 2),
        );
        expect([m.stage, m.roundZh]).toEqual(['knockout', '1/8决赛首回合']);
      }
    }, 180_000);
  });

  describe('on a fresh install in April', () => {
    let b: SportsBench;
    beforeAll(async () => {
      b = await createSportsBench(target, { start: APRIL });
    }, 600_000);
    afterAll(() => b?.close());

    it('has every earlier knockout round stored with its results, each round played by the winners of the last', async () => {
      const place = await places(b);
      const list = await uclMatches(b);
      let through = [...place].filter(([, p]) => p <= 8).map(([id]) => id);
      for (const [first, size] of [
        [9, 8],
        [11, 8],
        [13, 4],
      ]) {
        const round = ties(list, first) as [Row, Row][];
        expect(round, `round ${first}`).toHaveLength(size);
        for (const [a, c] of round) {
          expect([a.state, c.state]).toEqual([FB.fullTime, FB.fullTime]);
          expect(place.get(c.home)!).toBeLessThan(place.get(c.away)!);
        }
        const clubs = round.flatMap(([a]) => [a.home, a.away]).sort();
        if (first === 9)
          expect(clubs.map((id) => place.get(id)!).sort((x, y) => x - y)).toEqual(
            Array.from({ length: 16 }, (_, i) => i + 9),
          );
        else expect(clubs).toEqual([...through].sort());
        through = round.map(winnerOf);
        if (first === 9) through.push(...[...place].filter(([, p]) => p <= 8).map(([id]) => id));
      }
      // The semi-finals' first legs are in the calendar's week, played by the quarter-finals' winners.
      const semis = inRound(list, 15);
      expect(semis).toHaveLength(2);
      expect(semis.flatMap((m) => [m.home, m.away]).sort()).toEqual([...through].sort());
      for (const m of semis) expect(m.state).toBe(FB.notStarted);
    });

    it('has the news desk tell each knockout leg by its tie: the aggregate and who goes through, no points', async () => {
      const write = (id: number) => writeReport(b.app.db, b.app.services.sports, id);
      for (const [first, second] of ties(await uclMatches(b), 11) as [Row, Row][]) {
        const leg1 = (await write(first.id))!;
        expect(leg1.body).toContain(`首回合${first.homeName}${first.hs}-${first.as}${first.awayName}`);
        const leg2 = (await write(second.id))!;
        const winner = winnerOf([first, second]) === second.home ? second.homeName : second.awayName;
        const agg = [first.as! + second.hs!, first.hs! + second.as!].sort((x, y) => y - x).join('-');
        expect(leg2.title).toMatch(
          new RegExp(`^欧冠1/8决赛次回合：.+，${winner}总比分${agg}(通过点球大战)?晋级八强$`),
        );
        expect(leg2.body).toContain(`总比分${agg}，${winner}`);
        for (const text of [leg1, leg2].map((a) => `${a.title}${a.summary}${a.body}`)) {
          expect(text).not.toMatch(/三分|各取1分|积分榜/);
        }
      }
    });
  });
});
