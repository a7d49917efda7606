import { describe, expect, it } from 'vitest';
import { readsOf } from '../../src/server/services/news/writers/reads.ts';
import {
  europe,
  leaguePhaseZone,
  milestone,
  relegation,
  seasonEnd,
  streak,
  titleRace,
  TITLE_RACE_GAP,
  type SeasonContext,
  type TableRow,
} from '../../src/server/services/news/writers/stakes.ts';

const NAMES = ['阿森纳', '曼城', '利物浦', '切尔西', '纽卡斯尔', '热刺', '维拉', '埃弗顿', '伯恩利', '卢顿'];

/** A ten-team league table, best first, with these points and matches left for everyone. */
function league(points: number[], left: number): SeasonContext {
  const table: TableRow[] = points.map((p, i) => ({
    rank: i + 1,
    teamId: i + 1,
    name: NAMES[i],
    played: 30,
    won: Math.floor(p / 3),
    lost: 30 - Math.floor(p / 3),
    points: p,
    left,
  }));
  return { sport: 1, league: true, leaguePhase: false, table, dropPlaces: 3, europePlaces: 4, results: {} };
}

describe('the news writer knows the table', () => {
  it('writes the title race when the top two are within the gap near the end, not before', () => {
    const close = league([70, 68, 60, 55, 50, 45, 40, 35, 30, 20], 4);
    const line = titleRace(close, 1);
    expect(line).toContain('阿森纳');
    expect(line).toContain('曼城');
    expect(line).toMatch(/2分/);
    expect(line).toMatch(/4轮/);
    // Same gap with half the season left: not yet a story.
    expect(titleRace(league([70, 68, 60, 55, 50, 45, 40, 35, 30, 20], 19), 1)).toBeNull();
    // A gap wider than TITLE_RACE_GAP that the others can still close is not a race sentence either.
    expect(titleRace(league([70, 70 - TITLE_RACE_GAP - 1, 60, 55, 50, 45, 40, 35, 30, 20], 4), 1)).toBeNull();
  });

  it('crowns the champion on the last day and says when the title is already won', () => {
    const last = titleRace(league([80, 77, 60, 55, 50, 45, 40, 35, 30, 20], 0), 2)!;
    expect(last).toMatch(/阿森纳/);
    expect(last).toMatch(/冠军/);
    expect(last).toMatch(/3分/);
    const decided = titleRace(league([80, 70, 60, 55, 50, 45, 40, 35, 30, 20], 3), 2)!;
    expect(decided).toMatch(/提前锁定冠军/);
    expect(seasonEnd(league([80, 77, 60, 55, 50, 45, 40, 35, 30, 20], 0))).toBe('本轮是本赛季的最后一轮。');
    expect(seasonEnd(league([80, 77, 60, 55, 50, 45, 40, 35, 30, 20], 2))).toBe('本赛季只剩最后2轮。');
    expect(seasonEnd(league([80, 77, 60, 55, 50, 45, 40, 35, 30, 20], 12))).toBeNull();
  });

  it('writes the fight against the drop for a side in or just above the bottom places', () => {
    const c = league([70, 65, 60, 55, 50, 45, 33, 31, 30, 20], 5);
    // 伯恩利 (9th) is in the drop zone, 3 points behind 维拉 (7th, the last safe place).
    const down = relegation(c, [9], 3)!;
    expect(down).toContain('伯恩利');
    expect(down).toContain('维拉');
    expect(down).toMatch(/3分/);
    // 维拉 is safe by 2 points over 埃弗顿 (8th, first in the drop zone).
    expect(relegation(c, [7], 3)).toMatch(/只比降级区的埃弗顿多2分/);
    // Level on points with the last safe side: said so, not "0 points behind".
    expect(relegation(league([70, 65, 60, 55, 50, 45, 33, 33, 30, 20], 5), [8], 3)).toMatch(
      /与安全区的维拉同积33分/,
    );
    // Early in the season the zone is a fact, not a countdown.
    expect(relegation(league([30, 28, 25, 22, 20, 18, 15, 12, 10, 5], 20), [9], 3)).toBe(
      '伯恩利目前排名第9，暂时身处降级区。',
    );
    // A mid-table side is no drop story.
    expect(relegation(c, [3], 3)).toBeNull();
    // Too far behind with too little left: relegated.
    expect(relegation(league([70, 65, 60, 55, 50, 45, 40, 31, 30, 20], 2), [10], 3)).toMatch(/确定降级/);
  });

  it('writes the Champions League places race only when the line is close', () => {
    expect(europe(league([70, 65, 60, 55, 54, 45, 33, 31, 30, 20], 5), [5])).toMatch(
      /距离欧冠区的切尔西还差1分/,
    );
    expect(europe(league([70, 65, 60, 55, 44, 40, 33, 31, 30, 20], 5), [4])).toBeNull();
  });

  it('names runs: 连胜, 连败, a run ended, 不败 and 不胜', () => {
    expect(streak('阿森纳', ['W', 'W', 'W', 'W', 'D'], 1, 1)).toMatch(/4连胜|连胜纪录延续到4场/);
    expect(streak('卢顿', ['L', 'L', 'L', 'W'], 1, 1)).toMatch(/3连败|连输3场/);
    expect(streak('埃弗顿', ['W', 'L', 'D', 'L', 'L', 'W'], 1, 1)).toBe(
      '埃弗顿终于赢球，结束了4轮不胜的低迷。',
    );
    expect(streak('热刺', ['L', 'W', 'D', 'W', 'D', 'W'], 1, 1)).toBe('热刺的5场不败就此终结。');
    expect(streak('维拉', ['D', 'W', 'D', 'W', 'W', 'D', 'L'], 1, 1)).toBe('维拉已经连续6轮不败。');
    expect(streak('伯恩利', ['D', 'L', 'D', 'L', 'D', 'W'], 1, 1)).toBe('伯恩利已经5轮不胜。');
    expect(streak('切尔西', ['W', 'L', 'W'], 1, 1)).toBeNull();
  });

  it('marks round numbers only', () => {
    expect(milestone('wins', '阿森纳', 20)).toBe('这是阿森纳本赛季的第20场胜利。');
    expect(milestone('wins', '阿森纳', 19)).toBeNull();
    expect(milestone('goals', '萨卡', 10)).toBe('萨卡本赛季的联赛进球数来到10个。');
    expect(milestone('goals', '萨卡', 3)).toBeNull();
  });

  it('gives written articles believable reads: none before publishing, more for bigger columns and older pieces', () => {
    const at = new Date('2026-11-20T12:00:00Z');
    const epl = { sourceKey: 'report:1', column: 'epl', kind: 'report' as const, publishAt: at };
    const ligue1 = { ...epl, column: 'ligue1' };
    expect(readsOf(epl, at.getTime() - 1)).toBe(0);
    const day = at.getTime() + 24 * 3_600_000;
    expect(readsOf(epl, day)).toBeGreaterThan(readsOf(epl, at.getTime() + 3_600_000));
    expect(readsOf(epl, day)).toBeGreaterThan(readsOf(ligue1, day));
    expect(readsOf(epl, day)).toBeLessThan(10_000);
    expect(readsOf(epl, day)).toBe(readsOf(epl, day));
    expect(readsOf({ ...epl, sourceKey: 'report:2' }, day)).not.toBe(readsOf(epl, day));
  });

  describe('the Champions League league phase', () => {
    /** 36 clubs, club n on 40 - n points, `left` matches each still to play. */
    function phase(left: number): SeasonContext {
      const table: TableRow[] = Array.from({ length: 36 }, (_, i) => ({
        rank: i + 1,
        teamId: i + 1,
        name: `球队${i + 1}`,
        played: 8 - left,
        won: 0,
        lost: 0,
        points: 40 - i,
        left,
      }));
      return {
        sport: 1,
        league: false,
        leaguePhase: true,
        table,
        dropPlaces: 0,
        europePlaces: 0,
        results: {},
      };
    }

    it('places each side: the top eight, the play-offs (with the gap to eighth when close), out', () => {
      const c = phase(3);
      expect(leaguePhaseZone(c, [3], 1)).toMatch(/球队3.*(前八|直通)/);
      expect(leaguePhaseZone(c, [10], 1)).toBe('球队10排名第10，距离前八的球队8只差2分。');
      expect(leaguePhaseZone(c, [20], 1)).toBe('球队20排名第20，暂处淘汰赛附加赛区（第9至24名）。');
      expect(leaguePhaseZone(c, [30], 1)).toBe('球队30排名第30，暂列出局区，与第24名的球队24相差6分。');
    });

    it('says where each finished once all eight are played', () => {
      const c = phase(0);
      expect(leaguePhaseZone(c, [8, 9], 1)).toBe(
        '球队8以联赛阶段第8名直接晋级1/8决赛。球队9以第9名进入淘汰赛附加赛。',
      );
      expect(leaguePhaseZone(c, [25], 1)).toBe('球队25最终排名第25，无缘淘汰赛。');
    });

    it('says nothing for a league, or a 32-club group stage', () => {
      expect(leaguePhaseZone({ ...phase(3), leaguePhase: false }, [3], 1)).toBeNull();
      expect(leaguePhaseZone({ ...phase(3), table: phase(3).table.slice(0, 24) }, [3], 1)).toBeNull();
    });
  });
});
