import { describe, expect, it } from 'vitest';
import {
  clockText,
  isMatchTab,
  isOddsDetailPage,
  periodName,
  rateText,
  runningText,
  textStamp,
  trend,
} from '../../src/lib/match/format.ts';
import { competitionHref, oddsDetailHref } from '../../src/lib/match/links.ts';
import { parseId } from '../../src/lib/match/params.ts';

const clock = {
  sport: 1,
  phase: 'playing',
  stateName: '下半场',
  minute: 67,
  addedMinute: null,
  period: null,
  clockSeconds: null,
};

describe('match-centre formatting', () => {
  it('writes the running minute, stoppage time and the basketball clock', () => {
    expect(runningText(clock)).toBe("67'");
    expect(runningText({ ...clock, minute: 45, addedMinute: 2 })).toBe("45+2'");
    expect(runningText({ ...clock, phase: 'break' })).toBe('');
    const bb = { ...clock, sport: 2, stateName: '第三节', minute: null, period: 3, clockSeconds: 485 };
    expect(runningText(bb)).toBe('8:05');
    expect(runningText(bb, 59)).toBe('0:59');
    expect(runningText({ ...bb, period: 5, clockSeconds: 300 })).toBe('加时1 5:00');
  });

  it('names periods and stamps commentary lines', () => {
    expect([1, 2, 3, 4, 5, 6].map((p) => periodName(p))).toEqual([
      '第一节',
      '第二节',
      '第三节',
      '第四节',
      '加时1',
      '加时2',
    ]);
    expect(textStamp({ minute: 12, period: null, clockSeconds: null }, 1)).toBe("12'");
    expect(textStamp({ minute: null, period: 2, clockSeconds: 61 }, 2)).toBe('二 1:01');
    expect(clockText(-3)).toBe('0:00');
  });

  it('colours moves and writes rates', () => {
    expect([trend(1.9, 2.1), trend(2.1, 1.9), trend(2, 2), trend(null, 2)]).toEqual([
      'up',
      'down',
      'same',
      'same',
    ]);
    expect([rateText(0.9123), rateText(null)]).toEqual(['91.2%', '-']);
  });

  it('knows the tabs and subpages, and builds the database and odds links', () => {
    expect(['live', 'analysis', 'oupei', 'yapan', 'daxiaoqiu', 'three', 'plan'].every(isMatchTab)).toBe(true);
    expect(isMatchTab('end')).toBe(false);
    expect(['oupei', 'yapan', 'daxiaoqiu', 'join', 'table'].every(isOddsDetailPage)).toBe(true);
    expect(competitionHref(1, 7, 20, 'players')).toBe('/database/fb/hot/0/7/20/players');
    expect(competitionHref(2, 8, 22)).toBe('/database/lq/8?seasonId=22');
    expect(oddsDetailHref(2, 'join', 5, 3)).toBe('/basketball/odds-detail/join?matchId=5&companyId=3');
  });

  it('takes only ids that fit an int column', () => {
    expect([parseId('42'), parseId('2147483647')]).toEqual([42, 2147483647]);
    expect([parseId('2147483648'), parseId('0'), parseId('01'), parseId('1e3'), parseId(null)]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
