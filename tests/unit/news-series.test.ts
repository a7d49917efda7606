import { describe, expect, it } from 'vitest';
import { seriesLength } from '../../src/lib/sports/playoff-series.ts';
import { seriesLine, seriesTitle } from '../../src/server/services/news/writers/series.ts';

describe('a play-off series in the news', () => {
  it('knows how long each round lasts', () => {
    expect(seriesLength('nba', '首轮')).toBe(7);
    expect(seriesLength('nba', '附加赛')).toBe(1);
    expect(seriesLength('cba', '12进8')).toBe(3);
    expect(seriesLength('cba', '1/4决赛')).toBe(5);
    expect(seriesLength('cba', '总决赛')).toBe(7);
  });

  it('says who leads, who is one win away, a level series and a series won', () => {
    const s = (home: number, away: number, bestOf = 7) => ({
      bestOf,
      home,
      away,
      decided: Math.max(home, away) === Math.floor(bestOf / 2) + 1,
    });
    expect(seriesLine(s(2, 1), '凯尔特人', '热火', false)).toBe('凯尔特人在系列赛中以2-1领先。');
    expect(seriesLine(s(1, 3), '凯尔特人', '热火', false)).toBe(
      '热火在系列赛中以3-1领先，再胜一场即可晋级。',
    );
    expect(seriesLine(s(2, 2), '凯尔特人', '热火', false)).toBe('系列赛战成2-2平。');
    expect(seriesLine(s(4, 2), '凯尔特人', '热火', true)).toBe(
      '凯尔特人以总比分4-2淘汰热火，夺得本赛季总冠军。',
    );
    expect(seriesLine(s(1, 2, 3), '广东', '辽宁', false)).toBe('辽宁以总比分2-1淘汰广东，晋级下一轮。');
    expect(seriesLine(s(1, 0, 1), '湖人', '勇士', false)).toBeNull();
  });

  it('titles a game with the series, and a play-in game as such', () => {
    const s = { bestOf: 7, home: 2, away: 2, decided: false };
    expect(seriesTitle('NBA', s, '热火', '凯尔特人', '110-104', false)).toBe(
      'NBA季后赛：热火110-104凯尔特人，总比分2-2扳平',
    );
    expect(seriesTitle('NBA', { ...s, home: 4, decided: true }, '凯尔特人', '热火', '99-90', true)).toBe(
      'NBA季后赛：凯尔特人99-90热火，总比分4-2夺冠',
    );
    expect(
      seriesTitle('NBA', { bestOf: 1, home: 1, away: 0, decided: true }, '湖人', '勇士', '120-118', false),
    ).toBe('NBA附加赛：湖人120-118勇士');
  });
});
