import { describe, expect, it } from 'vitest';
import { beijingDate, dayStart, addDays, isDateString, weekdayOf } from '../../src/lib/sports/time.ts';
import { handicapName, HANDICAP_STEPS, pointsLineName, totalLineName } from '../../src/lib/vocab/handicap.ts';
import { jcNumber } from '../../src/lib/vocab/lottery.ts';
import {
  BASKETBALL_STATES,
  canReach,
  FOOTBALL_STATES,
  isStep,
  stateInfo,
} from '../../src/lib/vocab/match-states.ts';
import { BASKETBALL_POSITIONS, FOOTBALL_POSITIONS, footballLine } from '../../src/lib/vocab/positions.ts';

describe('sports vocabularies', () => {
  it('lists football states 0–13 and basketball states 0–15 in the spec order', () => {
    expect(FOOTBALL_STATES.map((s) => s.name)).toEqual([
      '异常',
      '未开赛',
      '上半场',
      '中场',
      '下半场',
      '加时',
      '',
      '点球',
      '完场',
      '推迟',
      '中断',
      '腰斩',
      '取消',
      '待定',
    ]);
    expect(BASKETBALL_STATES.map((s) => s.name)).toEqual([
      '异常',
      '未开赛',
      '第一节',
      '第一节完',
      '第二节',
      '中场',
      '第三节',
      '第三节完',
      '第四节',
      '加时',
      '完场',
      '中断',
      '取消',
      '推迟',
      '腰斩',
      '待定',
    ]);
    expect(stateInfo(2, 10).phase).toBe('finished');
    expect(stateInfo(1, 8).phase).toBe('finished');
  });

  it('allows a match forward and never back out of full time', () => {
    expect(isStep(1, 1, 2)).toBe(true);
    expect(isStep(1, 2, 4)).toBe(false);
    expect(canReach(1, 1, 8)).toBe(true);
    expect(canReach(1, 8, 2)).toBe(false);
    expect(canReach(1, 4, 2)).toBe(false);
    expect(isStep(2, 9, 9)).toBe(true);
    expect(canReach(2, 10, 8)).toBe(false);
  });

  it('names the 15 quarter-ball handicap steps, with 受让 for the away side', () => {
    expect(HANDICAP_STEPS).toHaveLength(15);
    expect(handicapName(0)).toBe('平手');
    expect(handicapName(0.25)).toBe('平/半');
    expect(handicapName(0.5)).toBe('半球');
    expect(handicapName(0.75)).toBe('半/一');
    expect(handicapName(1)).toBe('一球');
    expect(handicapName(-0.5)).toBe('受让半球');
    expect(handicapName(-1.25)).toBe('受让一/球半');
    expect(handicapName(3.5)).toBe('三球半');
    expect(totalLineName(2.5)).toBe('2.5');
    expect(totalLineName(2.75)).toBe('2.5/3');
    expect(totalLineName(3)).toBe('3');
    expect(pointsLineName(5.5)).toBe('-5.5');
    expect(pointsLineName(-3.5)).toBe('+3.5');
  });

  it('numbers 竞彩 matches by weekday', () => {
    expect(jcNumber(3, 1, 1)).toBe('周三001');
    expect(jcNumber(0, 12, 1)).toBe('周日012');
    expect(jcNumber(3, 1, 2)).toBe('周三301');
  });

  it('has the spec position vocabularies', () => {
    expect(Object.keys(FOOTBALL_POSITIONS)).toEqual([
      'F',
      'M',
      'D',
      'G',
      'LW',
      'RW',
      'ST',
      'AM',
      'ML',
      'MC',
      'MR',
      'DM',
      'DL',
      'DC',
      'DR',
      'GK',
    ]);
    expect(Object.keys(BASKETBALL_POSITIONS)).toEqual(['C', 'SF', 'PF', 'SG', 'PG', 'F', 'G']);
    expect(['GK', 'DL', 'DM', 'AM', 'RW'].map(footballLine)).toEqual(['G', 'D', 'M', 'M', 'F']);
  });

  it('keeps Beijing calendar dates', () => {
    expect(beijingDate(Date.parse('2026-11-21T16:30:00Z'))).toBe('2026-11-22');
    expect(new Date(dayStart('2026-11-22')).toISOString()).toBe('2026-11-21T16:00:00.000Z');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(isDateString('2026-02-30')).toBe(false);
    expect(isDateString('2026-02-28')).toBe(true);
  });
});
