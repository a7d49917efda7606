import { describe, expect, it } from 'vitest';
import {
  clockText,
  halfTimeText,
  rowFields,
  stateGroupOf,
  type ScoreView,
} from '../../src/lib/sports/score-view.ts';

const side = (score: number | null, extra: Partial<ScoreView['home']> = {}) => ({
  score,
  ht: null,
  red: 0,
  yellow: 0,
  corner: 0,
  periods: null,
  ...extra,
});
const football = (over: Partial<ScoreView>): ScoreView => ({
  sport: 1,
  state: 2,
  stateName: '上半场',
  phase: 'playing',
  minute: 23,
  addedMinute: null,
  period: null,
  clockSeconds: null,
  home: side(1),
  away: side(0),
  pk: null,
  ...over,
});
const basketball = (over: Partial<ScoreView>): ScoreView => ({
  sport: 2,
  state: 6,
  stateName: '第三节',
  phase: 'playing',
  minute: null,
  addedMinute: null,
  period: 3,
  clockSeconds: 307,
  home: side(70, { periods: [20, 25, 25] }),
  away: side(66, { periods: [22, 20, 24] }),
  pk: null,
  ...over,
});

describe('score row view (shared by the pages and the score island)', () => {
  it('shows the running football minute, with stoppage time', () => {
    expect(clockText(football({}))).toBe("23'");
    expect(clockText(football({ minute: 45, addedMinute: 2 }))).toBe("45+2'");
  });

  it('names the state when the ball is not in play', () => {
    expect(clockText(football({ state: 3, stateName: '中场', phase: 'break' }))).toBe('中场');
    expect(clockText(football({ state: 8, stateName: '完场', phase: 'finished' }))).toBe('完场');
    expect(clockText(football({ state: 9, stateName: '推迟', phase: 'void' }))).toBe('推迟');
    expect(clockText(football({ state: 1, stateName: '未开赛', phase: 'scheduled', minute: null }))).toBe(
      '未开赛',
    );
    expect(clockText(football({ state: 7, stateName: '点球', minute: 120 }))).toBe('点球');
  });

  it('shows the basketball quarter and its clock, overtimes numbered', () => {
    expect(clockText(basketball({}))).toBe('第三节 5:07');
    expect(clockText(basketball({ state: 9, stateName: '加时', period: 5, clockSeconds: 65 }))).toBe(
      '加时 1:05',
    );
    expect(clockText(basketball({ state: 9, stateName: '加时', period: 6, clockSeconds: 9 }))).toBe(
      '加时2 0:09',
    );
  });

  it('gives the half-time score: football from the record, basketball (客-主) from the first two quarters', () => {
    expect(halfTimeText(football({ home: side(2, { ht: 1 }), away: side(1, { ht: 0 }) }))).toBe('1-0');
    expect(halfTimeText(football({}))).toBe('');
    expect(halfTimeText(basketball({}))).toBe('42-45');
    // 半场 only once the second quarter is over: during it the two quarters are a running score.
    const q2 = { home: side(40, { periods: [20, 20] }), away: side(38, { periods: [22, 16] }) };
    expect(halfTimeText(basketball({ state: 4, stateName: '第二节', period: 2, ...q2 }))).toBe('');
    expect(halfTimeText(basketball({ state: 5, stateName: '中场', phase: 'break', period: 2, ...q2 }))).toBe(
      '38-40',
    );
  });

  it('lists every field a row patches, empty where nothing is known', () => {
    const f = rowFields(
      football({
        state: 1,
        stateName: '未开赛',
        phase: 'scheduled',
        minute: null,
        home: side(null),
        away: side(null, { red: 1 }),
      }),
    );
    expect(f).toMatchObject({
      clock: '未开赛',
      hs: '',
      as: '',
      hred: '',
      ared: '1',
      ht: '',
      corner: '',
      pk: '',
    });
    const b = rowFields(basketball({}));
    expect(b).toMatchObject({
      hs: '70',
      as: '66',
      hq0: '20',
      aq2: '24',
      hq3: '',
      hq4: '',
      diff: '4',
      total: '136',
    });
    expect(rowFields(football({ pk: [4, 3], state: 8, phase: 'finished' })).pk).toBe('点球 4-3');
    // Postponed before kick-off: no corners to show.
    expect(
      rowFields(football({ state: 9, stateName: '推迟', phase: 'void', home: side(null), away: side(null) }))
        .corner,
    ).toBe('');
    // An imported result: nobody counted its corners, so no 0-0.
    expect(
      rowFields(football({ home: side(1, { corner: null }), away: side(0, { corner: null }) })).corner,
    ).toBe('');
    expect(rowFields(football({ home: side(1, { corner: 5 }), away: side(0, { corner: 3 }) })).corner).toBe(
      '5-3',
    );
  });

  it('puts a match in the 即时 section of its phase: in play (breaks too), to come, or over', () => {
    expect(['playing', 'break', 'halted'].map((p) => stateGroupOf(p as ScoreView['phase']))).toEqual([
      'live',
      'live',
      'live',
    ]);
    expect(stateGroupOf('scheduled')).toBe('next');
    expect(stateGroupOf('finished')).toBe('done');
    expect(stateGroupOf('void')).toBe('done');
  });
});
