import { describe, expect, it } from 'vitest';
import {
  basketballAt,
  buildTimeline,
  footballAt,
  homeChance,
  splitMinute,
  type OddsMoveIn,
  type TimelineEventIn,
  type TimelineInput,
  type TimelineTextIn,
} from '../../src/lib/match/timeline.ts';

const KICKOFF = Date.parse('2026-11-28T20:00:00Z');
const MIN = 60_000;

const event = (e: Partial<TimelineEventIn> & Pick<TimelineEventIn, 'type' | 'side'>): TimelineEventIn => ({
  seq: 1,
  typeName:
    { goal: '进球', own_goal: '乌龙球', yellow: '黄牌', substitution: '换人', run: '得分潮' }[e.type] ??
    e.type,
  minute: null,
  addedMinute: null,
  period: null,
  clockSeconds: null,
  playerName: null,
  otherPlayerName: null,
  detail: null,
  homeScore: null,
  awayScore: null,
  ...e,
});
const text = (t: Partial<TimelineTextIn> & Pick<TimelineTextIn, 'kind'>): TimelineTextIn => ({
  side: null,
  minute: null,
  period: null,
  clockSeconds: null,
  homeScore: null,
  awayScore: null,
  at: KICKOFF,
  ...t,
});
const move = (m: Partial<OddsMoveIn>): OddsMoveIn => ({
  at: KICKOFF,
  live: false,
  minute: null,
  v1: null,
  v2: null,
  v3: null,
  line: null,
  lineName: '',
  homeScore: null,
  awayScore: null,
  ...m,
});
const football = (over: Partial<TimelineInput> = {}): TimelineInput => ({
  sport: 1,
  phase: 'finished',
  minute: 90,
  addedMinute: null,
  period: null,
  clockSeconds: null,
  extraTime: false,
  shootout: false,
  home: { name: '曼城', periods: null },
  away: { name: '利物浦', periods: null },
  events: [],
  texts: [],
  odds: null,
  ...over,
});

describe('the match timeline model', () => {
  it('places football minutes, squeezing stoppage time before the end of its half', () => {
    expect(footballAt(1, null)).toBe(0.5);
    expect(footballAt(23, null)).toBe(22.5);
    // 45+2 lies after 45' and before the second half's 46'.
    expect(footballAt(45, 2)).toBeGreaterThan(footballAt(45, null));
    expect(footballAt(45, 9)).toBeLessThan(45);
    expect(footballAt(46, null)).toBeGreaterThan(footballAt(45, 9));
    expect(splitMinute(47, 1)).toEqual([45, 2]);
    expect(splitMinute(47, 2)).toEqual([47, null]);
    expect(splitMinute(93, 2)).toEqual([90, 3]);
  });

  it('places basketball moments by game minutes played', () => {
    expect(basketballAt(1, 720)).toBe(0);
    expect(basketballAt(1, 0)).toBe(12);
    expect(basketballAt(3, 360)).toBe(30);
    expect(basketballAt(5, 150)).toBe(50.5);
    expect(basketballAt(2, null)).toBe(24);
  });

  it('turns events into marks at their minutes, home and away, with the score after a goal', () => {
    const t = buildTimeline(
      football({
        events: [
          event({ type: 'goal', side: 1, minute: 23, playerName: '哈兰德', homeScore: 1, awayScore: 0 }),
          event({ type: 'yellow', side: 2, minute: 45, addedMinute: 2, playerName: '范戴克' }),
          event({ type: 'substitution', side: 2, minute: 60, playerName: '努涅斯', otherPlayerName: '若塔' }),
          event({ type: 'own_goal', side: 2, minute: 88, playerName: '阿坎吉', homeScore: 1, awayScore: 1 }),
          event({ type: 'timeout', side: 1, minute: 70 }),
        ],
      }),
    );
    expect(t.end).toBe(90);
    expect(t.marks.map((m) => [m.kind, m.side, m.when])).toEqual([
      ['goal', 1, "23'"],
      ['yellow', 2, "45+2'"],
      ['sub', 2, "60'"],
      ['own_goal', 2, "88'"],
    ]);
    expect(t.marks[0].at).toBe(22.5);
    expect(t.marks[0].label).toBe("23' 进球 哈兰德（1-0）");
    expect(t.marks[2].label).toBe("60' 换人 努涅斯 上，若塔 下");
    expect(t.summary[0]).toBe("23' 进球 哈兰德（1-0）（曼城）");
    expect(t.boundaries.map((b) => [b.at, b.label])).toEqual([
      [45, '半场'],
      [90, '全场'],
    ]);
    expect(t.now).toBeNull();
  });

  it('extends the axis for extra time and names the shoot-out', () => {
    const t = buildTimeline(football({ extraTime: true, shootout: true }));
    expect(t.end).toBe(120);
    expect(t.boundaries.map((b) => b.label)).toEqual(['半场', '加时', '加时下', '点球']);
    expect(t.ticks.at(-1)).toBe(120);
  });

  it('counts momentum per five minutes from goals, chances and side-tagged info lines, up to now', () => {
    const t = buildTimeline(
      football({
        phase: 'playing',
        minute: 12,
        events: [event({ type: 'goal', side: 1, minute: 3 }), event({ type: 'yellow', side: 2, minute: 4 })],
        texts: [
          text({ kind: 'chance', side: 1, minute: 2, period: 1 }),
          text({ kind: 'chance', side: 2, minute: 7, period: 1 }),
          text({ kind: 'info', side: 2, minute: 8, period: 1 }),
          // Not attacking moments: cards, substitutions, lines of nobody's.
          text({ kind: 'card', side: 2, minute: 4, period: 1 }),
          text({ kind: 'info', side: null, minute: 9, period: 1 }),
          text({ kind: 'chance', side: 1, minute: 11, period: 1 }),
        ],
      }),
    );
    expect(t.now).toBe(12);
    // 0–5: goal (3) + chance (2) for home; 5–10: chance (2) + corner line (1) for away; 10–15: a chance.
    expect(t.momentum).toEqual([
      { from: 0, to: 5, home: 5, away: 0 },
      { from: 5, to: 10, home: 0, away: 3 },
      { from: 10, to: 15, home: 2, away: 0 },
    ]);
  });

  it('puts a first-half stoppage-time chance in the last first-half bucket', () => {
    const t = buildTimeline(football({ texts: [text({ kind: 'chance', side: 2, minute: 47, period: 1 })] }));
    expect(t.momentum).toHaveLength(18);
    expect(t.momentum[8]).toEqual({ from: 40, to: 45, home: 0, away: 2 });
    expect(t.momentum[9].away).toBe(0);
  });

  it('draws the 1X2 and handicap moves: kick-off price at 0, in-play changes at their minutes', () => {
    const t = buildTimeline(
      football({
        texts: [
          text({ kind: 'period', minute: 1, period: 1, at: KICKOFF }),
          text({ kind: 'period', minute: 46, period: 2, at: KICKOFF + 62 * MIN }),
        ],
        odds: {
          company: '金盾',
          eu: [
            move({ at: KICKOFF - 600 * MIN, v1: 2.1, v2: 3.4, v3: 3.3 }),
            move({ at: KICKOFF - 60 * MIN, v1: 2.0, v2: 3.4, v3: 3.5 }),
            // 47 in the first half (before the second half's first line): 45+2.
            move({
              at: KICKOFF + 48 * MIN,
              live: true,
              minute: 47,
              v1: 1.5,
              v2: 4,
              v3: 6,
              homeScore: 1,
              awayScore: 0,
            }),
            move({
              at: KICKOFF + 70 * MIN,
              live: true,
              minute: 55,
              v1: 1.3,
              v2: 5,
              v3: 9,
              homeScore: 1,
              awayScore: 0,
            }),
          ],
          asia: [
            move({ at: KICKOFF - 600 * MIN, line: 0.25, lineName: '平手/半球', v1: 0.9, v3: 0.95 }),
            move({
              at: KICKOFF + 48 * MIN,
              live: true,
              minute: 47,
              line: 0.75,
              lineName: '半球/一球',
              v1: 0.88,
              v3: 0.98,
            }),
          ],
        },
      }),
    );
    const odds = t.odds!;
    expect(odds.euOpen).toBe('2.10 / 3.40 / 3.30');
    expect(odds.euKickoff).toBe('2.00 / 3.40 / 3.50');
    expect(odds.eu.map((p) => p.at)).toEqual([0, footballAt(45, 2), footballAt(55, null)]);
    expect(odds.eu[1].label).toBe("45+2' 即时 欧赔 1.50 / 4.00 / 6.00（1-0）");
    expect(odds.eu[2].short).toBe('1.30');
    // The home side's chance rises as its price falls.
    expect(odds.eu[2].value).toBeGreaterThan(odds.eu[1].value);
    expect(odds.eu[1].value).toBeGreaterThan(odds.eu[0].value);
    // Only an opening price before kick-off: it is the kick-off price too.
    expect(odds.asiaKickoff).toBeNull();
    expect(odds.asia.map((p) => [p.at, p.value, p.short])).toEqual([
      [0, 0.25, '平手/半球'],
      [footballAt(45, 2), 0.75, '半球/一球'],
    ]);
    expect(t.summary).toContain('金盾 欧赔 初盘 2.10 / 3.40 / 3.30，开赛前 2.00 / 3.40 / 3.50');
  });

  it('takes the margin out of the implied chance', () => {
    expect(homeChance(2, 3.5, 4)).toBeCloseTo(0.5 / (0.5 + 1 / 3.5 + 0.25), 6);
    expect(homeChance(1.8, null, 2.0)).toBeCloseTo(0.5263, 3);
    expect(homeChance(null, 3, 3)).toBeNull();
  });

  it('follows the basketball margin basket by basket, and from the period scores alone', () => {
    const bb = (over: Partial<TimelineInput>): TimelineInput => ({
      ...football(),
      sport: 2,
      minute: null,
      home: { name: '湖人', periods: [30, 25, 20, 28] },
      away: { name: '勇士', periods: [22, 30, 25, 20] },
      ...over,
    });
    const periodsOnly = buildTimeline(bb({}));
    expect(periodsOnly.end).toBe(48);
    expect(periodsOnly.margin).toEqual([
      { at: 0, value: 0 },
      { at: 12, value: 8 },
      { at: 24, value: 3 },
      { at: 36, value: -2 },
      { at: 48, value: 6 },
    ]);
    expect(periodsOnly.boundaries.map((b) => b.label)).toEqual(['二', '半场', '四', '全场']);
    expect(periodsOnly.summary).toEqual([
      '湖人最多领先 8 分（第12分钟）',
      '勇士最多领先 2 分（第36分钟）',
      '湖人最终领先 6 分',
    ]);

    const live = buildTimeline(
      bb({
        phase: 'playing',
        period: 1,
        clockSeconds: 600,
        home: { name: '湖人', periods: [2] },
        away: { name: '勇士', periods: [3] },
        texts: [
          text({ kind: 'score', period: 1, clockSeconds: 690, homeScore: 2, awayScore: 0 }),
          text({ kind: 'timeout', period: 1, clockSeconds: 680 }),
          text({ kind: 'score', period: 1, clockSeconds: 650, homeScore: 2, awayScore: 3 }),
        ],
        events: [event({ type: 'run', side: 2, period: 1, clockSeconds: 650, detail: '8-0' })],
      }),
    );
    expect(live.now).toBe(2);
    // The quarter being played adds no period-end point ahead of now.
    expect(live.margin).toEqual([
      { at: 0, value: 0 },
      { at: 0.5, value: 2 },
      { at: basketballAt(1, 650), value: -1 },
    ]);
    expect(live.marks.map((m) => [m.kind, m.side, m.when])).toEqual([['run', 2, '第一节 10:50']]);
    expect(live.momentum).toEqual([]);
  });

  it('adds overtimes to the basketball axis', () => {
    const t = buildTimeline({
      ...football(),
      sport: 2,
      home: { name: '湖人', periods: [25, 25, 25, 25, 10] },
      away: { name: '勇士', periods: [25, 25, 25, 25, 8] },
    });
    expect(t.end).toBe(53);
    expect(t.boundaries.at(-2)).toEqual({ at: 48, label: '加1' });
    expect(t.margin.at(-1)).toEqual({ at: 53, value: 2 });
  });

  it('draws nothing before kick-off', () => {
    const t = buildTimeline(
      football({
        phase: 'scheduled',
        minute: null,
        odds: { company: '金盾', eu: [move({ v1: 2, v2: 3, v3: 4 })], asia: [] },
      }),
    );
    expect(t.started).toBe(false);
    expect(t.now).toBeNull();
    expect(t.momentum).toEqual([]);
    expect(t.odds!.eu).toEqual([]);
    expect(t.odds!.euOpen).toBe('2.00 / 3.00 / 4.00');
  });
});
